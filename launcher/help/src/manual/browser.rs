//! Opening the manual's page in the user's browser at a section.

use std::path::Path;
use std::process::{Command, Stdio};

/// Appends `bytes` percent-encoded, keeping unreserved characters and the
/// bytes in `keep`.
fn percent_encode_into(out: &mut String, bytes: &[u8], keep: &[u8]) {
    for &b in bytes {
        if b.is_ascii_alphanumeric() || b"-._~".contains(&b) || keep.contains(&b) {
            out.push(char::from(b));
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
}

/// The `file:` URL of an absolute path given as bytes; `windows` selects
/// Windows path rules (`\` separators, drive letters, UNC and `\\?\` paths).
fn file_url(path: &[u8], windows: bool, tag: &str) -> String {
    let mut url = String::from("file://");
    if windows {
        let mut p: Vec<u8> = path
            .iter()
            .map(|&b| if b == b'\\' { b'/' } else { b })
            .collect();
        if let Some(rest) = p.strip_prefix(b"//?/UNC/") {
            p = [b"//".as_slice(), rest].concat();
        } else if let Some(rest) = p.strip_prefix(b"//?/") {
            p = rest.to_vec();
        }
        if let Some(unc) = p.strip_prefix(b"//") {
            // file://server/share/x.html
            percent_encode_into(&mut url, unc, b"/:");
        } else {
            // file:///C:/dir/x.html
            if !p.starts_with(b"/") {
                url.push('/');
            }
            percent_encode_into(&mut url, &p, b"/:");
        }
    } else {
        percent_encode_into(&mut url, path, b"/:");
    }
    if !tag.is_empty() {
        url.push('#');
        percent_encode_into(&mut url, tag.as_bytes(), b"");
    }
    url
}

/// The `file:///…#tag` URL that opens the HTML page at `html_path` at the
/// section `tag` (no fragment when `tag` is empty). A relative path is made
/// absolute from the current directory; everything but unreserved
/// characters, `/` and `:` is percent-encoded (spaces become `%20`).
///
/// ```
/// # #[cfg(unix)] {
/// use launcher_help::manual::manual_url;
/// use std::path::Path;
/// assert_eq!(
///     manual_url(Path::new("/tmp/Chat Noir/manual.html"), "rules"),
///     "file:///tmp/Chat%20Noir/manual.html#rules"
/// );
/// # }
/// ```
pub fn manual_url(html_path: &Path, tag: &str) -> String {
    let abs = std::path::absolute(html_path).unwrap_or_else(|_| html_path.to_path_buf());
    #[cfg(unix)]
    {
        use std::os::unix::ffi::OsStrExt;
        file_url(abs.as_os_str().as_bytes(), false, tag)
    }
    #[cfg(not(unix))]
    {
        file_url(abs.to_string_lossy().as_bytes(), cfg!(windows), tag)
    }
}

/// No command could be started to open a URL.
#[derive(Debug, thiserror::Error)]
#[error("could not open {url} in a browser: {}; set $BROWSER to your browser's command", .tried.join("; "))]
pub struct BrowserError {
    /// The URL.
    pub url: String,
    /// Each command tried, with why it could not start.
    pub tried: Vec<String>,
}

/// Splits a command line into words: white space separates words; single
/// quotes, double quotes and backslashes quote as in a POSIX shell (without
/// expansions).
fn split_words(command: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut in_word = false;
    let mut chars = command.chars();
    while let Some(c) = chars.next() {
        match c {
            '\'' => {
                in_word = true;
                for c in chars.by_ref() {
                    if c == '\'' {
                        break;
                    }
                    word.push(c);
                }
            }
            '"' => {
                in_word = true;
                while let Some(c) = chars.next() {
                    match c {
                        '"' => break,
                        '\\' => match chars.next() {
                            Some(n @ ('"' | '\\' | '$' | '`')) => word.push(n),
                            Some(n) => {
                                word.push('\\');
                                word.push(n);
                            }
                            None => word.push('\\'),
                        },
                        c => word.push(c),
                    }
                }
            }
            '\\' => {
                in_word = true;
                if let Some(n) = chars.next() {
                    word.push(n);
                }
            }
            c if c.is_whitespace() => {
                if in_word {
                    words.push(std::mem::take(&mut word));
                    in_word = false;
                }
            }
            c => {
                in_word = true;
                word.push(c);
            }
        }
    }
    if in_word {
        words.push(word);
    }
    words
}

/// Replaces `%s` by the URL and `%%` by `%` in one word; says whether a `%s`
/// was there.
fn substitute(word: &str, url: &str) -> (String, bool) {
    let mut out = String::with_capacity(word.len());
    let mut found = false;
    let mut chars = word.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '%' {
            match chars.peek() {
                Some('s') => {
                    chars.next();
                    out.push_str(url);
                    found = true;
                    continue;
                }
                Some('%') => {
                    chars.next();
                    out.push('%');
                    continue;
                }
                _ => {}
            }
        }
        out.push(c);
    }
    (out, found)
}

/// The commands [`open_in_browser`] tries, in order, each as program and
/// arguments, given the value of `$BROWSER`.
///
/// `$BROWSER` is a `:`-separated list of commands. In each command `%s` is
/// replaced by the URL and `%%` by `%`; without a `%s` the URL is added as
/// the last argument. Commands are split into words like a shell would
/// (quotes, backslashes) but no shell runs them, so the URL is always one
/// argument, whatever it contains. Empty entries are skipped. The system's
/// opener comes last: `open` on macOS, `cmd /C start "" URL` on Windows
/// (with the characters special to `cmd` escaped), `xdg-open` elsewhere.
pub fn browser_commands(browser: Option<&str>, url: &str) -> Vec<Vec<String>> {
    let mut commands: Vec<Vec<String>> = browser
        .unwrap_or_default()
        .split(':')
        .filter_map(|entry| {
            let words = split_words(entry);
            if words.is_empty() {
                return None;
            }
            let mut any = false;
            let mut command: Vec<String> = words
                .iter()
                .map(|w| {
                    let (w, found) = substitute(w, url);
                    any |= found;
                    w
                })
                .collect();
            if !any {
                command.push(url.to_string());
            }
            Some(command)
        })
        .collect();
    let system: Vec<String> = if cfg!(target_os = "macos") {
        vec!["open".into(), url.into()]
    } else if cfg!(windows) {
        let mut escaped = String::with_capacity(url.len());
        for c in url.chars() {
            if matches!(c, '^' | '&' | '|' | '<' | '>' | '(' | ')') {
                escaped.push('^');
            }
            escaped.push(c);
        }
        // The empty argument becomes `""`: the window title that `start`
        // expects before a quoted argument.
        vec![
            "cmd".into(),
            "/C".into(),
            "start".into(),
            String::new(),
            escaped,
        ]
    } else {
        vec!["xdg-open".into(), url.into()]
    };
    commands.push(system);
    commands
}

/// Opens `url` in the user's browser: the commands of `$BROWSER` first, then
/// the system's opener (see [`browser_commands`]). The first command that
/// starts wins; it is not waited for (a background thread reaps it when it
/// exits). A command that starts but then fails (a browser that cannot open
/// the page) is not detected.
pub fn open_in_browser(url: &str) -> Result<(), BrowserError> {
    let browser = std::env::var("BROWSER").ok();
    let mut tried = Vec::new();
    for command in browser_commands(browser.as_deref(), url) {
        let Some((program, args)) = command.split_first() else {
            continue;
        };
        let spawned = Command::new(program)
            .args(args)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .spawn();
        match spawned {
            Ok(mut child) => {
                // Reap the browser (or its launcher) when it exits, so it
                // does not linger as a zombie; never block the caller.
                let _ = std::thread::Builder::new()
                    .name("browser-reaper".into())
                    .spawn(move || {
                        let _ = child.wait();
                    });
                return Ok(());
            }
            Err(e) => tried.push(format!("`{}`: {e}", command.join(" "))),
        }
    }
    Err(BrowserError {
        url: url.to_string(),
        tried,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn file_urls_encode_paths() {
        assert_eq!(
            file_url(b"/home/ann/My Games/manual.html", false, "rules"),
            "file:///home/ann/My%20Games/manual.html#rules"
        );
        assert_eq!(
            file_url("/tmp/é&#?.html".as_bytes(), false, ""),
            "file:///tmp/%C3%A9%26%23%3F.html"
        );
        assert_eq!(
            file_url(b"/x.html", false, "règles du jeu"),
            "file:///x.html#r%C3%A8gles%20du%20jeu"
        );
        assert_eq!(
            file_url(br"C:\Users\Ann\My Games\m.html", true, "a-b"),
            "file:///C:/Users/Ann/My%20Games/m.html#a-b"
        );
        assert_eq!(file_url(br"\\?\C:\m.html", true, ""), "file:///C:/m.html");
        assert_eq!(
            file_url(br"\\server\share\m.html", true, ""),
            "file://server/share/m.html"
        );
        assert_eq!(
            file_url(br"\\?\UNC\server\share\m.html", true, ""),
            "file://server/share/m.html"
        );
    }

    #[cfg(unix)]
    #[test]
    fn manual_url_makes_relative_paths_absolute() {
        let url = manual_url(Path::new("some dir/m.html"), "t");
        let cwd = std::env::current_dir().unwrap();
        assert!(url.starts_with("file:///"), "{url}");
        assert!(url.ends_with("/some%20dir/m.html#t"), "{url}");
        assert!(url.len() > cwd.as_os_str().len());
    }

    #[test]
    fn words_are_split_like_a_shell() {
        assert_eq!(split_words("  firefox  -new-tab "), ["firefox", "-new-tab"]);
        assert_eq!(
            split_words(r#"'/opt/My Browser/run' "a b" c\ d "q\"x""#),
            ["/opt/My Browser/run", "a b", "c d", "q\"x"]
        );
        assert_eq!(split_words("''"), [""]);
        assert!(split_words("   ").is_empty());
    }

    #[test]
    fn browser_variable_is_a_colon_separated_list() {
        let url = "file:///m.html#rules";
        let cmds = browser_commands(Some("firefox:chromium --new-window %s::w3m '%s' x%%y"), url);
        assert_eq!(cmds[0], ["firefox", url]);
        assert_eq!(cmds[1], ["chromium", "--new-window", url]);
        assert_eq!(cmds[2], ["w3m", url, "x%y"]);
        assert_eq!(cmds.len(), 4, "the system opener comes last");
        let only_system = browser_commands(None, url);
        assert_eq!(only_system.len(), 1);
        assert_eq!(only_system.last(), cmds.last());
        assert!(only_system[0].iter().any(|w| w.contains("m.html")));
    }
}
