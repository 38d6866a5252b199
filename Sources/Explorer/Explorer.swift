/// The Explorer module.
public enum ExplorerModule {}
