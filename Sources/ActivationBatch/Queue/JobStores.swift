public import ActivationStorage

/// The batch's store in its two places: ``SQLiteJobStore`` (a local file, `--db`) and
/// ``PostgresJobStore`` (a queue many machines share, `--queue`).
public enum JobStores: StoreFamily {
    public static func store(_ file: SQLiteJobStore) -> any JobStore { file }
    public static func store(_ server: PostgresJobStore) -> any JobStore { server }
}
