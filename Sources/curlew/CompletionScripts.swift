/// The shell scripts `curlew completions` prints: thin glue that hands the line to `curlew __complete`.
///
/// What is offered comes from the command tables through `CompletionEngine`, so the scripts never list options themselves.
enum CompletionScripts {
    /// The script for `shell`, or nil for a shell curlew does not know.
    static func script(for shell: String) -> String? {
        switch shell {
        case "bash": return bash
        case "zsh": return zsh
        case "fish": return fish
        default: return nil
        }
    }

    /// bash: `complete -F _curlew curlew`; the candidates replace only the part of the word after bash's word breaks (`:` `=`).
    static let bash = #"""
    # bash completion for curlew (written by 'curlew completions bash')
    _curlew() {
        local program="${COMP_WORDS[0]/#\~/$HOME}"
        local fragment="${COMP_WORDS[COMP_CWORD]}"
        local -a reply
        mapfile -t reply < <(command "$program" __complete bash "${COMP_LINE:0:COMP_POINT}" 2>/dev/null)
        COMPREPLY=()
        [[ ${#reply[@]} -ge 2 ]] || return 0
        local typed="${reply[1]}" prefix="" candidate
        [[ "$typed" == *"$fragment" ]] && prefix="${typed%"$fragment"}"
        for candidate in "${reply[@]:2}"; do
            COMPREPLY+=("${candidate#"$prefix"}")
        done
        [[ "${reply[0]}" == nospace ]] && compopt -o nospace 2>/dev/null
        return 0
    }
    complete -F _curlew curlew

    """#

    /// zsh: a `_curlew` function for `$fpath` (or sourced, when it registers itself with `compdef`).
    static let zsh = #"""
    #compdef curlew
    # zsh completion for curlew (written by 'curlew completions zsh')
    _curlew() {
        local -a reply values shown
        local line
        reply=("${(@f)$(command ${~words[1]} __complete zsh "$LBUFFER" 2>/dev/null)}")
        (( ${#reply} >= 1 )) || return 1
        for line in "${(@)reply[2,-1]}"; do
            [[ -n $line ]] || continue
            values+=("${line%%$'\t'*}")
            if [[ $line == *$'\t'* ]]; then
                shown+=("${line%%$'\t'*}  -- ${line#*$'\t'}")
            else
                shown+=("${line}")
            fi
        done
        (( ${#values} )) || return 1
        if [[ ${reply[1]} == nospace ]]; then
            compadd -S '' -d shown -- "${values[@]}"
        else
            compadd -d shown -- "${values[@]}"
        fi
    }
    if [[ ${zsh_eval_context[-1]} == loadautofunc ]]; then
        _curlew "$@"
    else
        compdef _curlew curlew
    fi

    """#

    /// fish: one `complete` rule whose candidates come from `curlew __complete`.
    static let fish = #"""
    # fish completion for curlew (written by 'curlew completions fish')
    function __curlew_complete
        set -l tokens (commandline -opc)
        command $tokens[1] __complete fish (commandline -cp | string collect) 2>/dev/null | tail -n +2
    end
    complete -c curlew -f -a '(__curlew_complete)'

    """#
}
