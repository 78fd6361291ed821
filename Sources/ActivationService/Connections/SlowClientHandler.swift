import Foundation
import HTTPTypes
import NIOCore
import NIOHTTPTypes

/// Closes a connection whose request head does not come within the header timeout, and answers
/// 408 `BODY_TIMEOUT` (then closes) when a body goes silent for the body timeout; each refusal
/// is counted in the metrics by reason (`header_timeout`, `body_timeout`).
///
/// Sits in the HTTP/1 pipeline after the decoder; its rules are the pure ``ReadDeadlines``.
/// Belongs to its channel's event loop: every method runs there, and so does its one timer.
/// Never blocks.
final class SlowClientHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private var deadlines: ReadDeadlines
    private let metrics: ServiceMetrics
    private var timer: Scheduled<Void>?

    init(deadlines: ReadDeadlines, metrics: ServiceMetrics) {
        self.deadlines = deadlines
        self.metrics = metrics
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { perform(deadlines.connected(), context) }
    }

    func channelActive(context: ChannelHandlerContext) {
        perform(deadlines.connected(), context)
        context.fireChannelActive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        perform(.disarm, context)
    }

    func channelInactive(context: ChannelHandlerContext) {
        perform(.disarm, context)
        context.fireChannelInactive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head: perform(deadlines.head(), context)
        case .body: perform(deadlines.bodyPart(), context)
        case .end: perform(deadlines.end(), context)
        }
        context.fireChannelRead(data)
    }

    /// Starts, restarts or stops the timer.
    private func perform(_ action: ReadDeadlines.Action, _ context: ChannelHandlerContext) {
        switch action {
        case .arm(let delay):
            timer?.cancel()
            let loop = context.eventLoop.assumeIsolated()
            timer = loop.scheduleTask(in: TimeAmount(delay)) { [self] in expire(context) }
        case .disarm:
            timer?.cancel()
            timer = nil
        case .none:
            break
        }
    }

    /// The timer fired: close, or answer 408 and close.
    private func expire(_ context: ChannelHandlerContext) {
        timer = nil
        switch deadlines.expired() {
        case .headerTimeout:
            metrics.rejection("header_timeout")
            context.close(promise: nil)
        case .bodyTimeout:
            metrics.rejection("body_timeout")
            let seconds = Int(deadlines.body.components.seconds)
            for part in Self.timeoutResponse(seconds: seconds) {
                context.write(wrapOutboundOut(part), promise: nil)
            }
            context.flush()
            context.close(promise: nil)
        case .none:
            break
        }
    }

    /// The 408 `BODY_TIMEOUT` answer, with `Connection: close`, as response parts.
    static func timeoutResponse(seconds: Int) -> [HTTPResponsePart] {
        let error = ServiceError.bodyTimeout(seconds: seconds)
        let json = #"{"error":{"code":"\#(error.code.name)","message":"\#(error.message)"}}"#
        var head = HTTPResponse(status: .requestTimeout)
        head.headerFields[.contentType] = "application/json; charset=utf-8"
        head.headerFields[.contentLength] = String(json.utf8.count)
        head.headerFields[.connection] = "close"
        return [.head(head), .body(ByteBuffer(string: json)), .end(nil)]
    }
}
