//! The documentation players and authors read: the launcher's own manual
//! (`docs/manual.md`, shown by Help → Launcher manual) parses cleanly and has
//! the sections other documents point to, and the plugin authors' guide
//! (`docs/writing-a-game.md`) points to files and sections that exist and
//! quotes the template's code, and the C game's, as it is, and the sizes it
//! gives files are theirs; the README's game list is the games directory.

mod every_document;
mod guide;
mod line_counts;
mod manual;
mod readme;

use launcher_tests::workspace_root;

fn read(relative: &str) -> String {
    let path = workspace_root().join(relative);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The value of a number written in words ("twenty-two", "three hundred")
/// or digits ("1,000"), or `None` when `words` is not a number.
fn number(words: &str) -> Option<u64> {
    let digits = words.replace(',', "");
    if !digits.is_empty() && digits.chars().all(|c| c.is_ascii_digit()) {
        return digits.parse().ok();
    }
    const UNITS: [&str; 20] = [
        "zero",
        "one",
        "two",
        "three",
        "four",
        "five",
        "six",
        "seven",
        "eight",
        "nine",
        "ten",
        "eleven",
        "twelve",
        "thirteen",
        "fourteen",
        "fifteen",
        "sixteen",
        "seventeen",
        "eighteen",
        "nineteen",
    ];
    const TENS: [&str; 8] = [
        "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety",
    ];
    let (mut total, mut current) = (0, 0);
    let mut any = false;
    for word in words
        .to_lowercase()
        .split([' ', '-'])
        .filter(|w| !w.is_empty())
    {
        if let Some(n) = UNITS.iter().position(|u| *u == word) {
            current += n as u64;
        } else if let Some(n) = TENS.iter().position(|t| *t == word) {
            current += 20 + 10 * n as u64;
        } else if word == "hundred" {
            current = current.max(1) * 100;
        } else if word == "thousand" {
            total += current.max(1) * 1000;
            current = 0;
        } else {
            return None;
        }
        any = true;
    }
    any.then_some(total + current)
}
