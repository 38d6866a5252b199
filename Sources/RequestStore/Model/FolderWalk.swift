/// Walks a collection's tree of folders with an explicit stack, so that no call depth follows the folders' nesting.
///
/// A container is the collection's top level (path `[]`) or a folder (the indices to descend, outermost first).
/// Every walk goes depth first in file order: a container's folders one after another, each with all it holds.
public enum FolderWalk {
    /// Calls `visit` with each folder and its index path, a folder before the folders inside it; `visit`
    /// returns false to stop the walk. Returns false when the walk was stopped.
    @discardableResult
    public static func forEachFolder(in folders: [Folder], _ visit: (_ path: [Int], _ folder: Folder) -> Bool) -> Bool {
        var pending: [(folders: [Folder], path: [Int], next: Int)] = [(folders, [], 0)]
        while let top = pending.indices.last {
            let index = pending[top].next
            guard index < pending[top].folders.count else {
                pending.removeLast()
                continue
            }
            pending[top].next += 1
            let folder = pending[top].folders[index]
            let path = pending[top].path + [index]
            guard visit(path, folder) else { return false }
            if !folder.folders.isEmpty { pending.append((folder.folders, path, 0)) }
        }
        return true
    }

    /// Builds one result per container from the inside out: `enter` makes a folder's context from its
    /// parent's as the walk goes in (before the folders inside it), and `finish` makes a container's result
    /// from its context, its folder (nil for the top level), its requests and its folders' results, in order,
    /// once all of them are done. Returns the top level's result.
    public static func build<Context, Result>(
        folders: [Folder], requests: [SavedRequest], root: Context,
        enter: (_ parent: Context, _ folder: Folder, _ path: [Int]) -> Context,
        finish: (_ context: Context, _ folder: Folder?, _ requests: [SavedRequest], _ path: [Int], _ children: [Result]) -> Result
    ) -> Result {
        typealias Frame = FolderWalkFrame<Context, Result>
        var stack = [Frame(folder: nil, context: root, path: [])]
        while true {
            let top = stack.count - 1
            let children = stack[top].folder?.folders ?? folders
            if stack[top].next < children.count {
                let index = stack[top].next
                stack[top].next += 1
                let child = children[index]
                let path = stack[top].path + [index]
                stack.append(Frame(folder: child, context: enter(stack[top].context, child, path), path: path))
                continue
            }
            let frame = stack.removeLast()
            let result = finish(frame.context, frame.folder, frame.folder?.requests ?? requests, frame.path, frame.results)
            guard !stack.isEmpty else { return result }
            stack[stack.count - 1].results.append(result)
        }
    }

    /// Lets `change` edit each container in place, the top level first, then each folder before the folders
    /// inside it (as they are after the change to their parent); `change` returns false to stop the walk.
    /// Returns false when the walk was stopped.
    @discardableResult
    public static func modifyEach(
        folders: inout [Folder], requests: inout [SavedRequest],
        _ change: (_ path: [Int], _ folders: inout [Folder], _ requests: inout [SavedRequest]) -> Bool
    ) -> Bool {
        guard change([], &folders, &requests) else { return false }
        // Each folder being walked is taken out of its parent (a placeholder holds its place) so that
        // changing it copies nothing, and put back when the walk leaves it.
        var taken: [(folder: Folder, slot: Int, next: Int)] = []
        var path: [Int] = []
        var nextTop = 0
        var stopped = false
        while true {
            let count = taken.last?.folder.folders.count ?? folders.count
            let next = taken.last?.next ?? nextTop
            if !stopped, next < count {
                var child: Folder
                if taken.isEmpty {
                    child = folders[next]
                    folders[next] = Folder(name: "")
                    nextTop += 1
                } else {
                    let last = taken.count - 1
                    child = taken[last].folder.folders[next]
                    taken[last].folder.folders[next] = Folder(name: "")
                    taken[last].next += 1
                }
                path.append(next)
                if !change(path, &child.folders, &child.requests) { stopped = true }
                taken.append((child, next, 0))
                continue
            }
            guard let done = taken.popLast() else { return !stopped }
            path.removeLast()
            if let last = taken.indices.last {
                taken[last].folder.folders[done.slot] = done.folder
            } else {
                folders[done.slot] = done.folder
            }
        }
    }

    /// Runs `body` on the folders and requests of the container at `path` and returns what it returns;
    /// nil when the path leads nowhere.
    public static func withContainer<Value>(
        folders: inout [Folder], requests: inout [SavedRequest], path: [Int],
        _ body: (_ folders: inout [Folder], _ requests: inout [SavedRequest]) -> Value
    ) -> Value? {
        guard !path.isEmpty else { return body(&folders, &requests) }
        var taken: [Folder] = []
        var valid = true
        for index in path {
            if let parent = taken.indices.last {
                guard taken[parent].folders.indices.contains(index) else { valid = false; break }
                let child = taken[parent].folders[index]
                taken[parent].folders[index] = Folder(name: "")
                taken.append(child)
            } else {
                guard folders.indices.contains(index) else { valid = false; break }
                taken.append(folders[index])
                folders[index] = Folder(name: "")
            }
        }
        var value: Value?
        if valid, var innermost = taken.popLast() {
            value = body(&innermost.folders, &innermost.requests)
            taken.append(innermost)
        }
        while let folder = taken.popLast() {
            let slot = path[taken.count]
            if let parent = taken.indices.last {
                taken[parent].folders[slot] = folder
            } else {
                folders[slot] = folder
            }
        }
        return value
    }
}

/// One folder being built by `FolderWalk.build`: its context, where it is, which child is next, and the children's results.
private struct FolderWalkFrame<Context, Result> {
    /// The folder, nil for the top level.
    var folder: Folder?
    /// What `enter` made for it.
    var context: Context
    /// Its index path.
    var path: [Int]
    /// The index of the next folder inside it to walk.
    var next = 0
    /// The results of the folders inside it walked so far.
    var results: [Result] = []
}
