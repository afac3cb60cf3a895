import PlayhouseAPI
import Vapor

/// Signing in with a phone number on the hosted page: a PIN is texted, then typed in.
extension AuthorizePageController {
    /// `POST /authorize/phone`: texts a PIN to the number and shows where to type it.
    func sendPin(_ request: Request) async throws -> Response {
        try await withPending(request) { form, pending in
            let handle = try form.required("request")
            let phone = (try? form.value("phone_number")) ?? ""
            do {
                _ = try await request.phonePins
                    .send(to: phone, app: pending.app, sender: request.smsSender, localizer: request.localizer)
            } catch let problem as PlayhouseProblem where problem.status == .unprocessableEntity {
                return try await page(request, "authorize-login", pending, handle: handle, error: "phone_invalid",
                                      phone: phone, status: .unprocessableEntity)
            } catch let problem as PlayhouseProblem where problem.code == .smsFailed {
                return try await page(request, "authorize-login", pending, handle: handle, error: "sms_failed",
                                      phone: phone, status: .badGateway)
            } catch let problem as PlayhouseProblem where problem.status == .tooManyRequests {
                return try await page(request, "authorize-login", pending, handle: handle, error: "too_many_attempts",
                                      parameters: problem.parameters, phone: phone, status: .tooManyRequests, headers: problem.headers)
            }
            return try await page(request, "authorize-pin", pending, handle: handle,
                                  parameters: ["phone": PhonePinService.normalised(phone) ?? phone],
                                  phone: PhonePinService.normalised(phone))
        }
    }

    /// `POST /authorize/phone/verify`: the PIN signs the player in (creating them on first use).
    func verifyPin(_ request: Request) async throws -> Response {
        try await withPending(request) { form, pending in
            let handle = try form.required("request")
            let phone = (try? form.value("phone_number")) ?? "", pin = (try? form.value("pin")) ?? ""
            do {
                let player = try await request.phonePins
                    .verify(phoneNumber: phone, pin: pin.filter(\.isNumber), app: pending.app)
                return try await signedIn(request, player, pending, handle: handle)
            } catch let problem as PlayhouseProblem where problem.code == .invalidGrant {
                let error = problem.message == "pin_attempts_exceeded" ? "pin_attempts" : "pin_wrong"
                return try await page(request, "authorize-pin", pending, handle: handle, error: error,
                                      parameters: ["phone": phone], phone: phone, status: .unauthorized)
            }
        }
    }
}
