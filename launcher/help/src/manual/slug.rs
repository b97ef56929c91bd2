//! Section tags: GitHub-style heading slugs, made unique, and "did you mean"
//! suggestions for unknown tags.

use std::collections::HashSet;

/// The tag used when a heading's slug is empty (a heading of punctuation only).
pub(crate) const EMPTY_SLUG: &str = "section";

/// A GitHub-style slug of a heading's text: lowercased; letters, digits,
/// `-` and `_` kept (Unicode letters too); each space becomes `-`; everything
/// else (punctuation, symbols) is removed.
///
/// ```
/// use launcher_help::manual::slugify;
/// assert_eq!(slugify("How to Play: the Rules!"), "how-to-play-the-rules");
/// assert_eq!(slugify("Chat  Noir"), "chat--noir");
/// assert_eq!(slugify("Règles du jeu"), "règles-du-jeu");
/// ```
pub fn slugify(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.trim().chars().flat_map(char::to_lowercase) {
        if c.is_alphanumeric() || c == '-' || c == '_' {
            out.push(c);
        } else if c == ' ' {
            out.push('-');
        } else if c.is_whitespace() {
            // Tabs and other spaces count as spaces.
            out.push('-');
        }
    }
    out
}

/// Assigns a unique tag to each heading.
///
/// `headings` holds, for each heading in document order, its explicit tag
/// (from a `{#tag}` attribute), if any, and its title. Explicit tags are
/// reserved first so that an automatic slug never steals one; a repeated
/// explicit tag is made unique like a slug and reported in `warnings`. A
/// repeated slug gets `-1`, `-2`, … as on GitHub.
pub(crate) fn assign_tags(
    headings: &[(Option<String>, String)],
    warnings: &mut Vec<String>,
) -> Vec<String> {
    let mut taken: HashSet<String> = HashSet::new();
    let mut tags: Vec<Option<String>> = vec![None; headings.len()];
    let mut bases: Vec<String> = Vec::with_capacity(headings.len());

    for (i, (explicit, title)) in headings.iter().enumerate() {
        match explicit.as_deref().map(str::trim).filter(|t| !t.is_empty()) {
            Some(tag) if taken.insert(tag.to_string()) => {
                tags[i] = Some(tag.to_string());
                bases.push(tag.to_string());
            }
            Some(tag) => {
                warnings.push(format!(
                    "heading {title:?} repeats the explicit tag {tag:?}; it gets a numbered tag instead"
                ));
                bases.push(tag.to_string());
            }
            None => {
                let slug = slugify(title);
                bases.push(if slug.is_empty() {
                    EMPTY_SLUG.to_string()
                } else {
                    slug
                });
            }
        }
    }

    tags.into_iter()
        .zip(bases)
        .map(|(tag, base)| {
            if let Some(tag) = tag {
                return tag;
            }
            let mut candidate = base.clone();
            let mut n = 0u32;
            while taken.contains(&candidate) {
                n += 1;
                candidate = format!("{base}-{n}");
            }
            taken.insert(candidate.clone());
            candidate
        })
        .collect()
}

/// Edit distance (insertions, deletions, substitutions) between two strings,
/// counted in characters.
pub(crate) fn levenshtein(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    let mut cur = vec![0; b.len() + 1];
    for (i, ca) in a.iter().enumerate() {
        cur[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let cost = usize::from(ca != cb);
            cur[j + 1] = (prev[j] + cost).min(prev[j + 1] + 1).min(cur[j] + 1);
        }
        std::mem::swap(&mut prev, &mut cur);
    }
    prev[b.len()]
}

/// Up to three existing tags that are close to `wanted`: by edit distance
/// (at most a third of the longer tag's length, and at least 2 allowed), or
/// because one contains the other. Closest first, then in document order.
pub(crate) fn suggest<'a>(wanted: &str, tags: impl IntoIterator<Item = &'a str>) -> Vec<String> {
    let wanted_l = wanted.to_lowercase();
    // Tags longer than this are not compared by distance (keeps lookups cheap).
    const MAX_LEN: usize = 200;
    let mut scored: Vec<(usize, usize, &str)> = Vec::new();
    for (order, tag) in tags.into_iter().enumerate() {
        let tag_l = tag.to_lowercase();
        let contains = !wanted_l.is_empty()
            && !tag_l.is_empty()
            && (tag_l.contains(&wanted_l) || wanted_l.contains(&tag_l));
        let distance = if wanted_l.chars().count() <= MAX_LEN && tag_l.chars().count() <= MAX_LEN {
            levenshtein(&wanted_l, &tag_l)
        } else {
            usize::MAX
        };
        let longest = wanted_l.chars().count().max(tag_l.chars().count());
        let allowed = (longest / 3).max(2);
        if distance <= allowed {
            scored.push((distance, order, tag));
        } else if contains {
            scored.push((allowed + 1, order, tag));
        }
    }
    scored.sort();
    scored
        .into_iter()
        .take(3)
        .map(|(_, _, t)| t.to_string())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tags(headings: &[(&str, Option<&str>)]) -> (Vec<String>, Vec<String>) {
        let hs: Vec<_> = headings
            .iter()
            .map(|(t, e)| (e.map(str::to_string), t.to_string()))
            .collect();
        let mut w = Vec::new();
        (assign_tags(&hs, &mut w), w)
    }

    #[test]
    fn slugs_like_github() {
        assert_eq!(slugify("Hello, World!"), "hello-world");
        assert_eq!(slugify("  Trim me  "), "trim-me");
        assert_eq!(slugify("snake_case and-dash"), "snake_case-and-dash");
        assert_eq!(slugify("1.18.9 Tests"), "1189-tests");
        assert_eq!(slugify("C++ & Rust"), "c--rust");
        assert_eq!(slugify("???"), "");
    }

    #[test]
    fn duplicates_get_numbered() {
        let (t, w) = tags(&[
            ("Intro", None),
            ("Intro", None),
            ("Intro", None),
            ("Intro 1", None),
        ]);
        assert_eq!(t, ["intro", "intro-1", "intro-2", "intro-1-1"]);
        assert!(w.is_empty());
    }

    #[test]
    fn explicit_tags_win_and_are_reserved_first() {
        let (t, w) = tags(&[
            ("Rules", None),
            ("How to play", Some("rules")),
            ("???", None),
        ]);
        assert_eq!(t, ["rules-1", "rules", "section"]);
        assert!(w.is_empty());
        let (t, w) = tags(&[("A", Some("x")), ("B", Some("x"))]);
        assert_eq!(t, ["x", "x-1"]);
        assert_eq!(w.len(), 1);
    }

    #[test]
    fn suggestions_are_close_tags() {
        let all = ["rules", "strategy", "credits", "rules-1"];
        assert_eq!(suggest("rulez", all), ["rules"]);
        assert_eq!(suggest("rule", all), ["rules", "rules-1"]);
        assert_eq!(suggest("strat", all), ["strategy"]);
        assert!(suggest("zzzzzzzzzz", all).is_empty());
        assert_eq!(levenshtein("kitten", "sitting"), 3);
        assert_eq!(levenshtein("", "abc"), 3);
    }
}
