import Foundation

extension ActivationMachine {
    /// The IMEIs of a reading, normalised; 1007 when there are none or one is not an IMEI,
    /// and the reader's own error when it failed.
    static func imeis(from reading: DeviceIdReading) throws(OAError) -> [String] {
        switch reading {
        case .failed(let error):
            throw error
        case .imeis(let values):
            guard !values.isEmpty else { throw .imeiMissing }
            var normalised: [String] = []
            for value in values {
                do {
                    normalised.append(try IMEIValidator().validate(value))
                } catch {
                    throw OAError.imeiMissing.with(detail: "a device ID is not a valid IMEI: \(error.code.rawValue)")
                }
            }
            return normalised
        }
    }

    /// The normalised PIN code and trimmed address; 1004 when both are blank, 1005 for a blank
    /// or invalid PIN code, 1006 for a blank address.
    static func basicDetails(pincode: String, address: String) throws(OAError) -> (String, String) {
        let pin = pincode.trimmingCharacters(in: .whitespacesAndNewlines)
        let place = address.trimmingCharacters(in: .whitespacesAndNewlines)
        if pin.isEmpty && place.isEmpty { throw .emptyUserDetails }
        guard !pin.isEmpty else { throw .emptyPincode }
        let normalised: String
        do {
            normalised = try PincodeValidator().validate(pin)
        } catch {
            throw OAError.emptyPincode.with(detail: "invalid PIN code: \(error.code.rawValue)")
        }
        guard !place.isEmpty else { throw .emptyAddress }
        return (normalised, place)
    }

    /// The normalised upload-link number; 1003 when blank, invalid, or the membership's own.
    func uploadLinkNumber(_ mobile: String) throws(OAError) -> String {
        guard !mobile.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { throw .emptyMobileNumber }
        let number: String
        do {
            number = try MobileNumberValidator().validate(mobile)
        } catch {
            throw OAError.emptyMobileNumber.with(detail: "invalid mobile number: \(error.code.rawValue)")
        }
        guard number != context.membershipMobile else {
            throw OAError.emptyMobileNumber.with(detail: "SAME_AS_MEMBERSHIP_MOBILE: the upload link must go to a second device")
        }
        return number
    }
}
