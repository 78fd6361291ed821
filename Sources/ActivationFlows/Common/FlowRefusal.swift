public import ActivationPipeline

/// The machine error behind a refused creation (``FlowError``'s `FLOW_CREATE_REFUSED`).
public enum FlowRefusal: Sendable, Hashable {
    /// The activation machine's SDK error (1001 `ERROR_EMPTY_TOKEN` …).
    case activation(OAError)
    /// An enrollment machine's error (`INVALID_CPF`, `INVALID_RETRY_COUNT` …).
    case enrollment(EnrollmentError)
}
