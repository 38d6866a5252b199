/// The RequestStore module.
public enum RequestStoreModule {}
