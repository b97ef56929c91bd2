//! The sizes the documents give files ("<N> lines") are theirs.

use super::{number, read};
use launcher_tests::workspace_root;
use std::path::Path;

/// A claim of a document that a file of the workspace is "<N> lines" long.
#[derive(Debug)]
struct LineClaim {
    /// The claim as written, with the words before it ("about 800 lines").
    text: String,
    /// The document's line the word "lines" is on.
    line: usize,
    /// "about", "under", "over" or "" (exactly).
    qualifier: &'static str,
    /// The number of lines said.
    lines: u64,
    /// The file's path, relative to the document's directory.
    file: String,
}

/// Every "<N> lines" (or "<N>-line") in `document`'s prose, with the file it
/// is about: the last link to a file (not to a directory or a section)
/// before it in its sentence, or else the first after it. A claim with no
/// such link is an `Err` naming its line, so every size stated is checked.
fn line_claims(document: &str, text: &str) -> Vec<Result<LineClaim, String>> {
    let directory = Path::new(document).parent().unwrap();
    let is_file = |target: &str| workspace_root().join(directory).join(target).is_file();
    // Paragraphs of prose, each line of a table on its own, with the
    // document's line number of each paragraph's first line.
    let mut paragraphs: Vec<(usize, String)> = Vec::new();
    let mut in_code = false;
    let mut current: Option<(usize, String)> = None;
    for (i, line) in text.lines().enumerate() {
        let fence = line.trim_start().starts_with("```");
        in_code ^= fence;
        let prose = !(fence || in_code || line.trim().is_empty() || line.starts_with('#'));
        if !prose || line.starts_with('|') {
            paragraphs.extend(current.take());
        }
        if prose {
            // Inline code is blanked, backticks too (so the paragraph keeps
            // its length): a number there is an example.
            let blanked: String = line
                .split('`')
                .enumerate()
                .map(|(n, part)| {
                    if n % 2 == 0 {
                        part.to_owned()
                    } else {
                        " ".repeat(part.len() + 2)
                    }
                })
                .collect();
            let (_, paragraph) = current.get_or_insert_with(|| (i + 1, String::new()));
            paragraph.push_str(&blanked);
            paragraph.push('\n');
            if line.starts_with('|') {
                paragraphs.extend(current.take());
            }
        }
    }
    paragraphs.extend(current);
    let mut claims = Vec::new();
    for (first_line, paragraph) in paragraphs {
        // Sentences end at '.', '!' or '?' before a space or a line break
        // (so `lib.rs` does not end one).
        let mut sentences = Vec::new();
        let mut start = 0;
        let bytes = paragraph.as_bytes();
        for i in 0..bytes.len() {
            let end = matches!(bytes[i], b'.' | b'!' | b'?')
                && bytes.get(i + 1).is_none_or(u8::is_ascii_whitespace);
            if end || i + 1 == bytes.len() {
                sentences.push(start..i + 1);
                start = i + 1;
            }
        }
        for range in sentences {
            let sentence = &paragraph[range.clone()];
            // (where, target) of each link to a file.
            let files: Vec<(usize, &str)> = sentence
                .match_indices("](")
                .filter_map(|(at, _)| {
                    let target = sentence[at + 2..].split(')').next()?;
                    let target = target.split('#').next()?;
                    (!target.is_empty() && is_file(target)).then_some((at, target))
                })
                .collect();
            // (where, word) of each word, punctuation around it left out.
            let words: Vec<(usize, &str)> = sentence
                .split_whitespace()
                .map(|w| {
                    let at = w.as_ptr() as usize - sentence.as_ptr() as usize;
                    (
                        at,
                        w.trim_matches(|c: char| !c.is_alphanumeric() && c != '-' && c != ','),
                    )
                })
                .map(|(at, w)| (at, w.trim_end_matches(',')))
                .collect();
            for (i, &(at, word)) in words.iter().enumerate() {
                // "82 lines", "three hundred lines" or "82-line".
                let (amount, before) = if word == "lines" {
                    let first = (0..i)
                        .rev()
                        .take_while(|&j| number(words[j].1).is_some())
                        .last();
                    let Some(first) = first else { continue };
                    let amount: Vec<&str> = words[first..i].iter().map(|w| w.1).collect();
                    (amount.join(" "), first)
                } else if let Some(digits) =
                    word.strip_suffix("-line").or(word.strip_suffix("-lines"))
                    && number(digits).is_some()
                    && digits.chars().all(|c| c.is_ascii_digit() || c == ',')
                {
                    (digits.to_owned(), i)
                } else {
                    continue;
                };
                let lines = number(&amount).unwrap();
                let previous = |n: usize| before.checked_sub(n).map(|j| words[j].1.to_lowercase());
                let qualifier = match (previous(2).as_deref(), previous(1).as_deref()) {
                    (_, Some("about" | "around" | "some" | "roughly" | "nearly")) => "about",
                    (_, Some("under" | "below")) | (Some("fewer" | "less"), Some("than")) => {
                        "under"
                    }
                    (_, Some("over")) | (Some("more"), Some("than")) => "over",
                    _ => "",
                };
                let from = before.saturating_sub(usize::from(!qualifier.is_empty()));
                let text = format!(
                    "{} {}",
                    words[from..i]
                        .iter()
                        .map(|w| w.1)
                        .collect::<Vec<_>>()
                        .join(" "),
                    word
                );
                let line = first_line + paragraph[..range.start + at].matches('\n').count();
                let file = files
                    .iter()
                    .rev()
                    .find(|(link, _)| *link < at)
                    .or_else(|| files.iter().find(|(link, _)| *link > at));
                claims.push(match file {
                    Some((_, file)) => Ok(LineClaim {
                        text,
                        line,
                        qualifier,
                        lines,
                        file: (*file).to_owned(),
                    }),
                    None => Err(format!(
                        "{document}:{line}: \"{text}\" links no file in its sentence, so its size cannot be checked: link the file it is about, or say it without a number of lines"
                    )),
                });
            }
        }
    }
    claims
}

/// Every size in lines the guide (and the README) gives a file of the
/// workspace is the file's: "82 lines" is exactly the count `wc -l` gives
/// (its line breaks), "about 800 lines" is within a tenth of it either way,
/// "under three hundred lines" is more than the count ("over" and "more
/// than", less). A claim is about the file its sentence links to (see
/// [`line_claims`]); one that links none fails, so no size goes unchecked.
#[test]
fn the_guides_line_counts_are_the_files() {
    let mut wrong = Vec::new();
    let mut checked = Vec::new();
    for document in ["docs/writing-a-game.md", "README.md"] {
        for claim in line_claims(document, &read(document)) {
            let claim = match claim {
                Ok(claim) => claim,
                Err(problem) => {
                    wrong.push(problem);
                    continue;
                }
            };
            // "docs/../games/x" read as "games/x".
            let mut relative = Path::new(document).parent().unwrap().to_path_buf();
            for part in Path::new(&claim.file).components() {
                match part {
                    std::path::Component::ParentDir => {
                        relative.pop();
                    }
                    part => relative.push(part),
                }
            }
            let count = read(&relative.to_string_lossy()).matches('\n').count() as u64;
            let n = claim.lines;
            let holds = match claim.qualifier {
                "about" => count.abs_diff(n) * 10 <= n,
                "under" => count < n,
                "over" => count > n,
                _ => count == n,
            };
            if !holds {
                wrong.push(format!(
                    "{document}:{}: \"{}\" about {}, which has {count} lines (wc -l)",
                    claim.line,
                    claim.text,
                    relative.display()
                ));
            }
            checked.push(format!("{}: {}", relative.display(), claim.text));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    // Klondike's lib.rs, Foundations, the C game, the template.
    assert!(checked.len() >= 4, "only these claims found: {checked:#?}");
}
