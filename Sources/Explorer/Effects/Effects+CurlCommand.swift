import RequestKit
import TUICore

extension Effects {
    /// Builds the request of `recipe` off the UI thread, its built-ins taking their values here, and writes it as a
    /// one-line curl command for the clipboard.
    func curlCommand(of recipe: RequestRecipe) -> Command<AppMessage> {
        .perform {
            do throws(SendFailure) {
                return .curlCommandBuilt(.success(try recipe.request().curlCommand(multiline: false)))
            } catch {
                return .curlCommandBuilt(.failure(error))
            }
        }
    }
}
