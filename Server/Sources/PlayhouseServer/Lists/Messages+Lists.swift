extension Messages {
    /// The shopping lists' problems: a refused operation's, the change feed's, and a batch's fields.
    static let lists: [String: [String: Text]] = [
        "list_not_found": [
            "en": Text(title: "List not found", detail: "There is no such list, or it is not shared with you."),
            "da": Text(title: "Listen findes ikke", detail: "Listen findes ikke, eller den er ikke delt med dig."),
            "de": Text(title: "Liste nicht gefunden", detail: "Diese Liste gibt es nicht, oder sie ist nicht mit Ihnen geteilt."),
        ],
        "list_item_not_found": [
            "en": Text(title: "Item not found", detail: "There is no such item in a list shared with you."),
            "da": Text(title: "Varen findes ikke", detail: "Varen findes ikke på en liste, der er delt med dig."),
            "de": Text(title: "Eintrag nicht gefunden", detail: "Diesen Eintrag gibt es in keiner mit Ihnen geteilten Liste."),
        ],
        "list_access_required": [
            "en": Text(title: "Not allowed on this list", detail: "This takes {access} access to the list."),
            "da": Text(title: "Ikke tilladt på listen", detail: "Dette kræver {access}-adgang til listen."),
            "de": Text(title: "Auf dieser Liste nicht erlaubt", detail: "Dafür ist {access}-Zugriff auf die Liste nötig."),
        ],
        "list_id_taken": [
            "en": Text(title: "Id taken", detail: "This id belongs to another list or item: choose a new one."),
            "da": Text(title: "Id'et er taget", detail: "Dette id tilhører en anden liste eller vare: vælg et nyt."),
            "de": Text(title: "Id vergeben", detail: "Diese Id gehört zu einer anderen Liste oder einem anderen Eintrag: Wählen Sie eine neue."),
        ],
        "list_limit_reached": [
            "en": Text(title: "Limit reached", detail: "The limit {limit} of {value} is reached."),
            "da": Text(title: "Grænsen er nået", detail: "Grænsen {limit} på {value} er nået."),
            "de": Text(title: "Grenze erreicht", detail: "Die Grenze {limit} von {value} ist erreicht."),
        ],
        "list_share_not_found": [
            "en": Text(title: "No invitation", detail: "You have no invitation to this list to answer."),
            "da": Text(title: "Ingen invitation", detail: "Du har ingen invitation til denne liste at svare på."),
            "de": Text(title: "Keine Einladung", detail: "Sie haben keine Einladung zu dieser Liste, die Sie beantworten könnten."),
        ],
        "list_owner_cannot_leave": [
            "en": Text(title: "Cannot leave your own list", detail: "You created this list: delete it instead of leaving it."),
            "da": Text(title: "Du kan ikke forlade din egen liste", detail: "Du har oprettet listen: slet den i stedet for at forlade den."),
            "de": Text(title: "Eigene Liste kann nicht verlassen werden", detail: "Sie haben diese Liste angelegt: Löschen Sie sie, statt sie zu verlassen."),
        ],
        "list_anchor_not_found": [
            "en": Text(title: "No such item to move after", detail: "after names no item of the moved item's list."),
            "da": Text(title: "Ingen sådan vare at flytte efter", detail: "after angiver ingen vare på den flyttede vares liste."),
            "de": Text(title: "Kein solcher Eintrag", detail: "after nennt keinen Eintrag der Liste des verschobenen Eintrags."),
        ],
        "mutation_id_reused": [
            "en": Text(title: "Mutation id reused", detail: "This mutation id was used before for another operation: every operation needs its own."),
            "da": Text(title: "Mutations-id genbrugt", detail: "Dette mutations-id er brugt før til en anden operation: hver operation skal have sit eget."),
            "de": Text(title: "Mutations-Id wiederverwendet", detail: "Diese Mutations-Id wurde schon für eine andere Operation verwendet: Jede Operation braucht ihre eigene."),
        ],
        "cursor_expired": [
            "en": Text(title: "Cursor expired", detail: "The change feed no longer goes back that far: read the lists again from GET /v1/lists."),
            "da": Text(title: "Markøren er udløbet", detail: "Ændringsfeedet går ikke så langt tilbage: hent listerne igen fra GET /v1/lists."),
            "de": Text(title: "Cursor abgelaufen", detail: "Der Änderungsfeed reicht nicht mehr so weit zurück: Lesen Sie die Listen erneut über GET /v1/lists."),
        ],
        "player_not_found": [
            "en": Text(title: "Player not found", detail: "There is no player of this app with that id or email."),
            "da": Text(title: "Spilleren findes ikke", detail: "Der er ingen spiller i denne app med det id eller den e-mail."),
            "de": Text(title: "Spieler nicht gefunden", detail: "Es gibt keinen Spieler dieser App mit dieser Id oder E-Mail."),
        ],
        "invalid_operations": [
            "en": Text(title: "", detail: "The batch cannot be applied; nothing was changed."),
            "da": Text(title: "", detail: "Batchen kan ikke anvendes; intet blev ændret."),
            "de": Text(title: "", detail: "Der Stapel kann nicht angewendet werden; nichts wurde geändert."),
        ],
        "field.blank": [
            "en": Text(title: "", detail: "This text must not be blank."),
            "da": Text(title: "", detail: "Teksten må ikke være tom."),
            "de": Text(title: "", detail: "Dieser Text darf nicht leer sein."),
        ],
        "field.duplicate": [
            "en": Text(title: "", detail: "This value appears earlier in the same request."),
            "da": Text(title: "", detail: "Værdien findes tidligere i samme forespørgsel."),
            "de": Text(title: "", detail: "Dieser Wert kommt in derselben Anfrage schon vor."),
        ],
        "field.too_many": [
            "en": Text(title: "", detail: "At most {max} are allowed."),
            "da": Text(title: "", detail: "Højst {max} er tilladt."),
            "de": Text(title: "", detail: "Höchstens {max} sind erlaubt."),
        ],
        "field.one_of": [
            "en": Text(title: "", detail: "Give exactly one of player_id and email."),
            "da": Text(title: "", detail: "Angiv præcis ét af player_id og email."),
            "de": Text(title: "", detail: "Geben Sie genau eines von player_id und email an."),
        ],
    ]
}
