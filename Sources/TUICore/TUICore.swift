/// The TUICore module.
public enum TUICoreModule {}
