//! Where a manual's links and pictures point: percent-decoding, and the
//! checks that keep a picture or document inside the manual's directory.

use pulldown_cmark::LinkType;

use super::super::model::LinkTarget;

/// Percent-decodes `s` (`%41` → `A`); a `%` not followed by two hex digits
/// stays as it is. `None` when the result is not UTF-8.
fn percent_decode(s: &str) -> Option<String> {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%'
            && let Some(hex) = s.get(i + 1..i + 3)
            && let Ok(b) = u8::from_str_radix(hex, 16)
            && hex.bytes().all(|h| h.is_ascii_hexdigit())
        {
            out.push(b);
            i += 3;
            continue;
        }
        out.push(bytes[i]);
        i += 1;
    }
    String::from_utf8(out).ok()
}

/// Whether `s` starts with a URL scheme of two letters or more (`http:`,
/// `data:`, `file:`); a single letter is a Windows drive.
fn has_url_scheme(s: &str) -> bool {
    let Some(colon) = s.find(':') else {
        return false;
    };
    let scheme = &s[..colon];
    scheme.len() >= 2
        && scheme.starts_with(|c: char| c.is_ascii_alphabetic())
        && scheme
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.'))
}

/// Checks a relative path as written in the manual (no query or fragment)
/// and returns it with `/` separators, or why it is refused; `what` names it
/// in messages ("picture").
fn local_path(what: &str, dest: &str, path: &str) -> Result<String, String> {
    let Some(path) = percent_decode(path) else {
        return Err(format!("{what} {dest:?} is not a UTF-8 path"));
    };
    let bytes = path.as_bytes();
    let drive = bytes.len() >= 2 && bytes[0].is_ascii_alphabetic() && bytes[1] == b':';
    if path.starts_with(['/', '\\']) || drive {
        return Err(format!(
            "{what} {dest:?} has an absolute path; use a path relative to the manual"
        ));
    }
    let mut parts = Vec::new();
    for part in path.split(['/', '\\']) {
        match part {
            "" | "." => {}
            ".." => {
                return Err(format!(
                    "{what} {dest:?} leaves the manual's directory (`..`); keep {what}s beside the manual"
                ));
            }
            p if p.contains('\0') => {
                return Err(format!("{what} {dest:?} has a NUL character"));
            }
            p => parts.push(p),
        }
    }
    if parts.is_empty() {
        return Err(format!("{what} {dest:?} has an empty path"));
    }
    Ok(parts.join("/"))
}

/// Checks a picture's destination as written in the manual and returns it as
/// a relative path with `/` separators, or why it is refused.
///
/// A query (`?…`) or fragment (`#…`) is dropped and percent-escapes are
/// decoded; URLs, absolute paths (`/x`, `\x`, `C:\x`), paths with a `..`
/// part, and empty paths are refused.
///
/// ```
/// use launcher_help::manual::local_image_path;
/// assert_eq!(local_image_path("./pics/my%20cat.png").unwrap(), "pics/my cat.png");
/// assert!(local_image_path("../secret.png").is_err());
/// assert!(local_image_path("/etc/logo.png").is_err());
/// assert!(local_image_path("https://example.org/x.png").is_err());
/// ```
pub fn local_image_path(dest: &str) -> Result<String, String> {
    let dest = dest.trim();
    if has_url_scheme(dest) {
        return Err(format!(
            "picture {dest:?} is a URL, not a file beside the manual; it is not copied"
        ));
    }
    let without_suffix = dest.split(['?', '#']).next().unwrap_or_default();
    local_path("picture", dest, without_suffix)
}

/// Where a link's destination goes: `#tag` is a section; a relative path to
/// a file beside the manual (no scheme, no `..`, not absolute) is a
/// document, at the tag after its `#`; anything else is external.
pub(super) fn link_target(link_type: LinkType, dest: &str) -> LinkTarget {
    if link_type == LinkType::Email {
        return LinkTarget::External(format!("mailto:{dest}"));
    }
    let decode = |s: &str| percent_decode(s).unwrap_or_else(|| s.to_string());
    if let Some(tag) = dest.strip_prefix('#') {
        return LinkTarget::Section(decode(tag));
    }
    if !has_url_scheme(dest) && !dest.starts_with("//") {
        let (path, tag) = dest.split_once('#').unwrap_or((dest, ""));
        let path = path.split('?').next().unwrap_or_default();
        if let Ok(path) = local_path("link", dest, path) {
            return LinkTarget::Document {
                path,
                tag: decode(tag),
            };
        }
    }
    LinkTarget::External(dest.to_string())
}
