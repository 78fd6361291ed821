public import ActivationStorage

/// The flows' store in its two places: ``SQLiteFlowStore`` (a local file, the default) and
/// ``PostgresFlowStore`` (a database several service instances share).
public enum FlowStores: StoreFamily {
    public static func store(_ file: SQLiteFlowStore) -> any FlowStore { file }
    public static func store(_ server: PostgresFlowStore) -> any FlowStore { server }
}
