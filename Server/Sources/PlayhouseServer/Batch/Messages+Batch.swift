extension Messages {
    /// The batch's problems.
    static let batch: [String: [String: Text]] = [
        "invalid_batch": [
            "en": Text(title: "Invalid batch", detail: "The batch cannot run; nothing in it ran."),
            "da": Text(title: "Ugyldig batch", detail: "Batchen kan ikke køres; intet i den blev kørt."),
            "de": Text(title: "Ungültiger Batch", detail: "Der Batch kann nicht ausgeführt werden; nichts darin wurde ausgeführt."),
        ],
        "batch_size": [
            "en": Text(title: "", detail: "A batch holds 1 to {max} sub-requests; nothing in it ran."),
            "da": Text(title: "", detail: "En batch rummer 1 til {max} delforespørgsler; intet i den blev kørt."),
            "de": Text(title: "", detail: "Ein Batch enthält 1 bis {max} Teilanfragen; nichts darin wurde ausgeführt."),
        ],
        "batch_name": [
            "en": Text(title: "", detail: "The sub-request name {name} must be 1 to 64 letters, digits, - or _; nothing ran."),
            "da": Text(title: "", detail: "Delforespørgslens navn {name} skal være 1 til 64 bogstaver, cifre, - eller _; intet blev kørt."),
            "de": Text(title: "", detail: "Der Name der Teilanfrage {name} muss aus 1 bis 64 Buchstaben, Ziffern, - oder _ bestehen; nichts wurde ausgeführt."),
        ],
        "batch_duplicate": [
            "en": Text(title: "", detail: "Two sub-requests are named {name}; nothing ran."),
            "da": Text(title: "", detail: "To delforespørgsler hedder {name}; intet blev kørt."),
            "de": Text(title: "", detail: "Zwei Teilanfragen heißen {name}; nichts wurde ausgeführt."),
        ],
        "batch_method": [
            "en": Text(title: "", detail: "Sub-request {name} must use GET, POST, PUT, PATCH or DELETE; nothing ran."),
            "da": Text(title: "", detail: "Delforespørgslen {name} skal bruge GET, POST, PUT, PATCH eller DELETE; intet blev kørt."),
            "de": Text(title: "", detail: "Die Teilanfrage {name} muss GET, POST, PUT, PATCH oder DELETE verwenden; nichts wurde ausgeführt."),
        ],
        "batch_path": [
            "en": Text(title: "", detail: "Sub-request {name} must name a path of the API other than the batch; nothing ran."),
            "da": Text(title: "", detail: "Delforespørgslen {name} skal angive en sti i API'et, men ikke batchen; intet blev kørt."),
            "de": Text(title: "", detail: "Die Teilanfrage {name} muss einen Pfad der API außer dem Batch angeben; nichts wurde ausgeführt."),
        ],
        "batch_dependency": [
            "en": Text(title: "", detail: "Sub-request {name} depends on {dependency}, which is not another sub-request of the batch; nothing ran."),
            "da": Text(title: "", detail: "Delforespørgslen {name} afhænger af {dependency}, som ikke er en anden delforespørgsel i batchen; intet blev kørt."),
            "de": Text(title: "", detail: "Die Teilanfrage {name} hängt von {dependency} ab, das keine andere Teilanfrage des Batches ist; nichts wurde ausgeführt."),
        ],
        "batch_reference": [
            "en": Text(title: "", detail: "Sub-request {name} refers to {reference} without depending on it; nothing ran."),
            "da": Text(title: "", detail: "Delforespørgslen {name} henviser til {reference} uden at afhænge af den; intet blev kørt."),
            "de": Text(title: "", detail: "Die Teilanfrage {name} verweist auf {reference}, ohne davon abzuhängen; nichts wurde ausgeführt."),
        ],
        "batch_cycle": [
            "en": Text(title: "", detail: "These sub-requests depend on each other in a cycle: {names}; nothing ran."),
            "da": Text(title: "", detail: "Disse delforespørgsler afhænger af hinanden i ring: {names}; intet blev kørt."),
            "de": Text(title: "", detail: "Diese Teilanfragen hängen zyklisch voneinander ab: {names}; nichts wurde ausgeführt."),
        ],
        "failed_dependency": [
            "en": Text(title: "Failed dependency", detail: "Not run: {dependency}, which it depends on, failed."),
            "da": Text(title: "Afhængighed mislykkedes", detail: "Ikke kørt: {dependency}, som den afhænger af, mislykkedes."),
            "de": Text(title: "Abhängigkeit fehlgeschlagen", detail: "Nicht ausgeführt: {dependency}, wovon sie abhängt, ist fehlgeschlagen."),
        ],
        "unresolved_reference": [
            "en": Text(title: "Unresolved reference", detail: "The answer it refers to has no {reference}."),
            "da": Text(title: "Uopløst henvisning", detail: "Svaret, den henviser til, har ingen {reference}."),
            "de": Text(title: "Unaufgelöster Verweis", detail: "Die Antwort, auf die sie verweist, hat kein {reference}."),
        ],
    ]
}
