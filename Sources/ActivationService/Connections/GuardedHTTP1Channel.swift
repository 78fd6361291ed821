import HummingbirdCore
import Logging
import NIOCore

/// Hummingbird's HTTP/1 channel behind the connection limits: a connection over
/// `--max-connections` is closed at once (counted as `connections` in the metrics), and every
/// other one gets the read deadlines of ``SlowClientHandler``, Hummingbird's idle timeout, and
/// `100 Continue` when it asks (``ContinueHandler``).
///
/// `setup` runs on the new connection's event loop and never blocks.
struct GuardedHTTP1Channel: ServerChildChannel {
    typealias Value = HTTP1Channel.Value

    let inner: HTTP1Channel
    let connections: ConnectionCount
    let metrics: ServiceMetrics

    /// The HTTP/1 channel answering with `responder` under `limits`.
    init(
        responder: @escaping HTTPChannelHandler.Responder, limits: ConnectionLimits, connections: ConnectionCount,
        metrics: ServiceMetrics, maxBodyBytes: Int
    ) {
        let deadlines = ReadDeadlines(header: limits.headerTimeout, body: limits.bodyTimeout)
        inner = HTTP1Channel(
            responder: responder,
            configuration: .init(
                additionalChannelHandlers: [
                    SlowClientHandler(deadlines: deadlines, metrics: metrics), ContinueHandler(maxBodyBytes: maxBodyBytes),
                ],
                idleTimeout: TimeAmount(limits.idleTimeout)
            )
        )
        self.connections = connections
        self.metrics = metrics
    }

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        let admitted = connections.admit()
        if admitted {
            channel.closeFuture.whenComplete { [connections] _ in connections.release() }
        }
        return inner.setup(channel: channel, logger: logger).map { [metrics] value in
            if !admitted {
                metrics.rejection("connections")
                channel.close(promise: nil)
            }
            return value
        }
    }

    func handle(value: Value, logger: Logger) async {
        await inner.handle(value: value, logger: logger)
    }
}
