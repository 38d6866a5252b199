import RequestKit

/// An `oauth2` auth block as a collection holds it, its texts still holding `{{variables}}`.
public typealias SavedOAuth2 = OAuth2Settings
