import HTTPTypes
import NIOCore
import NIOHTTPTypes

/// Answers `Expect: 100-continue` with an interim `100 Continue` as soon as the request head
/// comes, so that a client that waits for it (curl does, for bodies over 1 MiB) sends its body
/// at once instead of after its own wait (curl's is one second).
///
/// A head whose declared `Content-Length` is over the body cap gets no `100`: the route answers
/// 413 before any byte of the body is sent. A head that comes while the previous response is
/// still being written (a pipelining client) gets its `100` once that response has ended, never
/// inside it. Sits in the HTTP/1 pipeline after the decoder. Belongs to its channel's event
/// loop; never blocks.
final class ContinueHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    /// A response's head is written and its end is not.
    private var responding = false
    /// A `100 Continue` waits for the end of the response being written.
    private var owed = false

    /// The largest body a route takes (`--max-body-mb`).
    let maxBodyBytes: Int

    init(maxBodyBytes: Int) {
        self.maxBodyBytes = maxBodyBytes
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if case .head(let head) = unwrapInboundIn(data), Self.wantsContinue(head, maxBodyBytes: maxBodyBytes) {
            if responding {
                owed = true
            } else {
                context.writeAndFlush(wrapOutboundOut(.head(HTTPResponse(status: .continue))), promise: nil)
            }
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        switch unwrapOutboundIn(data) {
        case .head(let head) where head.status.kind != .informational:
            responding = true
            owed = false  // answered before its body was asked for: no 100 any more
        case .end:
            responding = false
        default:
            break
        }
        context.write(data, promise: promise)
        if case .end = unwrapOutboundIn(data), owed {
            owed = false
            context.write(wrapOutboundOut(.head(HTTPResponse(status: .continue))), promise: nil)
        }
    }

    /// Whether `head` asks for `100 Continue` and may have it: `Expect: 100-continue` (any
    /// case) and no declared length over `maxBodyBytes`.
    static func wantsContinue(_ head: HTTPRequest, maxBodyBytes: Int) -> Bool {
        guard let expect = head.headerFields[.expect], expect.lowercased() == "100-continue" else { return false }
        if let length = head.headerFields[.contentLength].flatMap(Int.init), length > maxBodyBytes { return false }
        return true
    }
}
