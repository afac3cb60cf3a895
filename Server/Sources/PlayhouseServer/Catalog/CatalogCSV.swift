import Foundation
import PlayhouseAPI

/// Stores and offers as CSV (RFC 4180: a header row, commas, fields in double quotes when they hold
/// commas, quotes or line breaks), as spreadsheets and other systems export them, read into a
/// ``CatalogFile``'s kinds. Every row that cannot be read is named, with its line.
///
/// - stores: `id, dealer, street, city, zip_code, country, latitude, longitude, opening_hours,
///   contact`; opening hours as `monday 08:00-22:00; tuesday 08:00-22:00`.
/// - offers: `id, dealer, heading, description, price, pre_price, currency, quantity, unit, image,
///   valid_from, valid_until, stores, catalog, page, hotspot`; `stores` as ids separated by spaces
///   (empty: all the dealer's), `hotspot` as `x y width height`.
///
/// The columns may come in any order; optional ones may be left out; an unknown one is a problem.
public enum CatalogCSV {
    static let storeColumns = ["id", "dealer", "street", "city", "zip_code", "country", "latitude", "longitude", "opening_hours", "contact"]
    static let requiredStoreColumns: Set = ["id", "dealer", "street", "city", "zip_code", "country", "latitude", "longitude"]
    static let offerColumns = ["id", "dealer", "heading", "description", "price", "pre_price", "currency", "quantity", "unit", "image",
                               "valid_from", "valid_until", "stores", "catalog", "page", "hotspot"]
    static let requiredOfferColumns: Set = ["id", "dealer", "heading", "price", "currency", "valid_from", "valid_until"]

    /// What a CSV file holds, by its header: stores (it has `latitude`) or offers (`heading`).
    public enum Kind: Sendable { case stores, offers }

    public static func kind(of text: String) -> Kind? {
        guard let header = try? records(text).first else { return nil }
        if header.contains("latitude") { return .stores }
        if header.contains("heading") { return .offers }
        return nil
    }

    /// The stores in `text` (the file `name`), or the problems of its rows.
    public static func stores(_ text: String, name: String) -> Result<[CatalogFile.Store], CatalogCSVProblems> {
        table(text, name: name, columns: storeColumns, required: requiredStoreColumns) { row, problem in
            guard let latitude = row.number("latitude", problem), let longitude = row.number("longitude", problem) else { return nil }
            var hours: [OpeningHours] = []
            for entry in row["opening_hours"].split(separator: ";").map({ $0.trimmingCharacters(in: .whitespaces) }) where !entry.isEmpty {
                let parts = entry.split(separator: " ", omittingEmptySubsequences: true)
                let times = parts.count == 2 ? parts[1].split(separator: "-") : []
                guard times.count == 2 else { problem("opening_hours is like monday 08:00-22:00; tuesday 08:00-22:00"); return nil }
                hours.append(OpeningHours(dayOfWeek: String(parts[0]).lowercased(), opens: String(times[0]), closes: String(times[1])))
            }
            return CatalogFile.Store(id: row["id"], dealer: row["dealer"], street: row["street"], city: row["city"], zipCode: row["zip_code"],
                                     country: row["country"], latitude: latitude, longitude: longitude, openingHours: hours,
                                     contact: row.optional("contact"))
        }
    }

    /// The offers in `text` (the file `name`), or the problems of its rows.
    public static func offers(_ text: String, name: String) -> Result<[CatalogFile.Offer], CatalogCSVProblems> {
        table(text, name: name, columns: offerColumns, required: requiredOfferColumns) { row, problem in
            var hotspot: CatalogFile.Hotspot?
            if let text = row.optional("hotspot") {
                let values = text.split(separator: " ").compactMap { Double($0) }
                guard values.count == 4 else { problem("hotspot is x y width height, fractions of the page"); return nil }
                hotspot = .init(x: values[0], y: values[1], width: values[2], height: values[3])
            }
            var page: Int?
            if let text = row.optional("page") {
                guard let number = Int(text) else { problem("page is a whole number"); return nil }
                page = number
            }
            var quantity: Double?
            if row.optional("quantity") != nil {
                guard let number = row.number("quantity", problem) else { return nil }
                quantity = number
            }
            return CatalogFile.Offer(id: row["id"], dealer: row["dealer"], heading: row["heading"], description: row.optional("description"),
                                     price: row["price"], prePrice: row.optional("pre_price"), currency: row["currency"], quantity: quantity,
                                     unit: row.optional("unit"), image: row.optional("image"), validFrom: row["valid_from"],
                                     validUntil: row["valid_until"], stores: row.optional("stores").map { $0.split(separator: " ").map(String.init) },
                                     catalog: row.optional("catalog"), page: page, hotspot: hotspot)
        }
    }

    /// One row, by column name.
    struct Row {
        var fields: [String: String]
        subscript(column: String) -> String { fields[column] ?? "" }
        /// The field, or nil when it is empty or its column is missing.
        func optional(_ column: String) -> String? { fields[column].flatMap { $0.isEmpty ? nil : $0 } }
        func number(_ column: String, _ problem: (String) -> Void) -> Double? {
            guard let value = Double(self[column].trimmingCharacters(in: .whitespaces)), value.isFinite else {
                problem("\(column) is not a number"); return nil
            }
            return value
        }
    }

    private static func table<Item>(_ text: String, name: String, columns: [String], required: Set<String>,
                                    item: (Row, (String) -> Void) -> Item?) -> Result<[Item], CatalogCSVProblems> {
        let records: [(line: Int, fields: [String])]
        do { records = try numberedRecords(text) } catch { return .failure(.init(problems: ["\(name): \(error)"])) }
        guard let header = records.first?.fields.map({ $0.trimmingCharacters(in: .whitespaces).lowercased() }) else {
            return .failure(.init(problems: ["\(name) is empty"]))
        }
        var problems = header.filter { !columns.contains($0) }.map { "\(name): unknown column \($0)" }
        problems += required.subtracting(header).sorted().map { "\(name): no \($0) column" }
        guard problems.isEmpty else { return .failure(.init(problems: problems)) }
        var items: [Item] = []
        for record in records.dropFirst() where !(record.fields.count == 1 && record.fields[0].isEmpty) {
            guard record.fields.count == header.count else {
                problems.append("\(name) line \(record.line): \(record.fields.count) fields for \(header.count) columns"); continue
            }
            let row = Row(fields: Dictionary(zip(header, record.fields), uniquingKeysWith: { first, _ in first }))
            if let made = item(row, { problems.append("\(name) line \(record.line): \($0)") }) { items.append(made) }
        }
        return problems.isEmpty ? .success(items) : .failure(.init(problems: problems))
    }

    /// The records of `text`, without their line numbers.
    static func records(_ text: String) throws(CatalogCSVError) -> [[String]] { try numberedRecords(text).map(\.fields) }

    /// The records of `text` (RFC 4180; a line break is CRLF or LF), each with the line it starts on.
    static func numberedRecords(_ text: String) throws(CatalogCSVError) -> [(line: Int, fields: [String])] {
        var records: [(line: Int, fields: [String])] = [], fields: [String] = [], field = ""
        var quoted = false, atFieldStart = true, line = 1, recordLine = 1
        var characters = text.makeIterator(), pending: Character?
        func next() -> Character? {
            if let held = pending { pending = nil; return held }
            return characters.next()
        }
        while let character = next() {
            if quoted {
                if character == "\"" {
                    if let after = next() {
                        if after == "\"" { field.append("\"") } else { quoted = false; pending = after }
                    } else { quoted = false }
                } else {
                    if character == "\n" || character == "\r\n" { line += 1 }
                    field.append(character)
                }
                continue
            }
            switch character {
            case "\"" where atFieldStart:
                quoted = true
                atFieldStart = false
            case ",":
                fields.append(field)
                field = ""
                atFieldStart = true
            case "\n", "\r\n", "\r":
                fields.append(field)
                records.append((recordLine, fields))
                fields = []
                field = ""
                atFieldStart = true
                line += 1
                recordLine = line
            default:
                field.append(character)
                atFieldStart = false
            }
        }
        if quoted { throw CatalogCSVError(message: "a quoted field that starts on line \(recordLine) never ends") }
        if !field.isEmpty || !fields.isEmpty { records.append((recordLine, fields + [field])) }
        return records
    }
}

/// A CSV file that cannot be read at all.
public struct CatalogCSVError: Error, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}

/// Every problem of a CSV file's rows.
public struct CatalogCSVProblems: Error, CustomStringConvertible {
    public var problems: [String]
    public var description: String { problems.joined(separator: "\n") }
}
