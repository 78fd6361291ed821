import Testing
@testable import ActivationService

@Suite("Header and form parsing")
struct ParsingTests {
    @Test("Content-Disposition: name, quoted filename with escapes, RFC 5987 filename*")
    func contentDisposition() throws {
        let plain = try #require(ContentDisposition(#"form-data; name="front"; filename="a b.jpg""#))
        #expect(plain.type == "form-data")
        #expect(plain.name == "front")
        #expect(plain.filename == "a b.jpg")
        let escaped = try #require(ContentDisposition(#"form-data; name=selfie; filename="x\"y.png""#))
        #expect(escaped.name == "selfie")
        #expect(escaped.filename == #"x"y.png"#)
        let extended = try #require(ContentDisposition(#"form-data; name="back"; filename="x.jpg"; filename*=UTF-8''na%C3%AFve.jpg"#))
        #expect(extended.filename == "naïve.jpg")
        #expect(ContentDisposition("") == nil)
    }

    @Test("Content-Type: essence lowercased, boundary unquoted")
    func contentType() {
        let form = ContentType(#"Multipart/Form-Data; boundary="abc def""#)
        #expect(form.isMultipartForm)
        #expect(form.parameters["boundary"] == "abc def")
        #expect(ContentType("image/heic").isRawImage)
        #expect(ContentType("application/octet-stream").isRawImage)
        #expect(!ContentType("text/plain; charset=utf-8").isRawImage)
    }

    @Test("fix flags", arguments: [("true", true), ("1", true), ("ON", true), ("false", false), ("no", false)])
    func flags(text: String, value: Bool) throws {
        #expect(try KYCForm.flag(text, name: "fix") == value)
    }

    @Test("a fix flag that is not a boolean is refused; an absent one is false")
    func badFlag() throws {
        #expect(throws: ServiceError.self) { try KYCForm.flag("maybe", name: "fix") }
        #expect(try KYCForm.flag(nil, name: "fix") == false)
    }

    @Test("bearer keys match whole and exactly")
    func bearer() {
        let key = Array("k3y".utf8)
        #expect(APIKeyMiddleware<ServiceContext>.matches("Bearer k3y", key: key))
        #expect(APIKeyMiddleware<ServiceContext>.matches("bearer k3y", key: key))
        #expect(!APIKeyMiddleware<ServiceContext>.matches("Bearer k3", key: key))
        #expect(!APIKeyMiddleware<ServiceContext>.matches("Bearer k3yy", key: key))
        #expect(!APIKeyMiddleware<ServiceContext>.matches("Basic k3y", key: key))
        #expect(!APIKeyMiddleware<ServiceContext>.matches("k3y", key: key))
    }
}
