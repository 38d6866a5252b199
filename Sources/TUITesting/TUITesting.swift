/// The TUITesting module.
public enum TUITestingModule {}
