import Foundation
import PlayhouseAPI
@testable import PlayhouseServer
import Testing

/// Stores and offers read from CSV as spreadsheets write it: quoted fields with commas, quotes and
/// line breaks, CRLF lines, columns in any order; every bad row named with its line.
@Suite struct CatalogCSVTests {
    @Test func quotedFieldsAndLineBreaksAreRead() throws {
        let text = "id,heading\r\n\"o,1\",\"Say \"\"hi\"\"\nthere\"\r\no2,plain\r\n"
        let records = try CatalogCSV.numberedRecords(text)
        #expect(records.map(\.fields) == [["id", "heading"], ["o,1", "Say \"hi\"\nthere"], ["o2", "plain"]])
        #expect(records.map(\.line) == [1, 2, 4])
        #expect(throws: CatalogCSVError.self) { try CatalogCSV.records("id\n\"never ends") }
    }

    @Test func storesAndOffersAreReadWithEveryProblemNamed() throws {
        let stores = """
            longitude,latitude,id,dealer,street,city,zip_code,country,opening_hours
            12.5,55.6,s1,netto,"Algade 1, st.",København,1000,DK,monday 08:00-22:00; Tuesday 09:00-21:00
            """
        let read = try CatalogCSV.stores(stores, name: "stores.csv").get()
        #expect(read == [CatalogFile.Store(id: "s1", dealer: "netto", street: "Algade 1, st.", city: "København", zipCode: "1000", country: "DK",
                                           latitude: 55.6, longitude: 12.5,
                                           openingHours: [.init(dayOfWeek: "monday", opens: "08:00", closes: "22:00"),
                                                          .init(dayOfWeek: "tuesday", opens: "09:00", closes: "21:00")])])
        let offers = """
            id,dealer,heading,price,currency,valid_from,valid_until,stores,catalog,page,hotspot,quantity
            o1,netto,Kaffe,12.95,DKK,2026-11-23T00:00:00Z,2026-11-30T00:00:00Z,s1 s2,uge-48,2,0.1 0.2 0.3 0.4,400
            o2,netto,Te,9,DKK,2026-11-23T00:00:00Z,2026-11-30T00:00:00Z,,,,,
            """
        let parsed = try CatalogCSV.offers(offers, name: "offers.csv").get()
        #expect(parsed.map(\.id) == ["o1", "o2"] && parsed[0].stores == ["s1", "s2"] && parsed[1].stores == nil)
        #expect(parsed[0].hotspot == .init(x: 0.1, y: 0.2, width: 0.3, height: 0.4) && parsed[0].page == 2 && parsed[0].quantity == 400)

        let bad = """
            id,dealer,heading,price,currency,valid_from,valid_until,hotspot,page
            o1,netto,Kaffe,12.95,DKK,x,y,0.1 0.2,1
            o2,netto,Te
            o3,netto,Te,9,DKK,x,y,,two
            """
        guard case .failure(let problems) = CatalogCSV.offers(bad, name: "offers.csv") else { Issue.record("read"); return }
        #expect(problems.problems == ["offers.csv line 2: hotspot is x y width height, fractions of the page",
                                      "offers.csv line 3: 3 fields for 9 columns", "offers.csv line 4: page is a whole number"])
        guard case .failure(let columns) = CatalogCSV.stores("id,dealer,colour\ns1,netto,red", name: "s.csv") else { Issue.record("read"); return }
        #expect(columns.problems.contains("s.csv: unknown column colour") && columns.problems.contains("s.csv: no latitude column"))
        #expect(CatalogCSV.kind(of: stores) == .stores && CatalogCSV.kind(of: offers) == .offers && CatalogCSV.kind(of: "a,b\n1,2") == nil)
    }
}
