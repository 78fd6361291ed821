import Hummingbird

/// Builds a multipart/form-data body the way browsers and curl send one.
struct MultipartBody {
    let boundary = "----activation-test-7MA4YWxkTrZu0gW"
    private var bytes: [UInt8] = []

    var contentType: String { "multipart/form-data; boundary=\(boundary)" }
    var headers: HTTPFields { [.contentType: contentType] }

    func file(_ name: String, filename: String, type: String = "image/jpeg", _ content: [UInt8]) -> MultipartBody {
        var copy = self
        copy.bytes += Array("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"; filename=\"\(filename)\"\r\nContent-Type: \(type)\r\n\r\n".utf8)
        copy.bytes += content + Array("\r\n".utf8)
        return copy
    }

    func text(_ name: String, _ value: String) -> MultipartBody {
        var copy = self
        copy.bytes += Array("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n\r\n\(value)\r\n".utf8)
        return copy
    }

    var buffer: ByteBuffer { ByteBuffer(bytes: bytes + Array("--\(boundary)--\r\n".utf8)) }
}
