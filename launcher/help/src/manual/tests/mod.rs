//! The manual's tests: sections and tags here; the block tree, search and
//! the HTML page in their own files.

use super::search::SNIPPET_CHARS;
use super::*;
use proptest::prelude::*;

mod blocks;
mod html;
mod search;

const CHAT_NOIR: &str = "\
Intro text before any heading.

# Chat Noir

The goal of *Chat Noir* is to **trap the cat**.

## How to Play

Click a dot to block it. See [the rules](#rules) or the
[web site](https://example.org/chat-noir).

![The board](pics/board.png)

- first item
- second with `code`
  1. nested one
- third

> A quoted
> remark.

```rust,ignore
let x = 1;
```

---

## Rules {#rules}

The cat moves one step.

## How to Play

Again, a duplicate heading.

### Credits!

Thanks.
";

fn chat_noir() -> Manual {
    Manual::parse("Chat Noir manual", CHAT_NOIR)
}

/// Plain text.
fn text(s: &str) -> Inline {
    Inline::Text(s.into())
}

/// A paragraph.
fn para(inlines: Vec<Inline>) -> ManualBlock {
    ManualBlock::Paragraph(inlines)
}

/// A list item that is not a task.
fn item(blocks: Vec<ManualBlock>) -> ListItem {
    ListItem { task: None, blocks }
}

fn tags(m: &Manual) -> Vec<&str> {
    m.sections().iter().map(|s| s.tag.as_str()).collect()
}

#[test]
fn sections_and_tags() {
    let m = chat_noir();
    assert_eq!(
        tags(&m),
        [
            "chat-noir",
            "how-to-play",
            "rules",
            "how-to-play-1",
            "credits"
        ]
    );
    let levels: Vec<u8> = m.sections().iter().map(|s| s.level).collect();
    assert_eq!(levels, [1, 2, 2, 2, 3]);
    assert_eq!(
        m.sections()[2].title,
        "Rules",
        "the {{#tag}} is not in the title"
    );
    assert_eq!(m.title(), "Chat Noir");
    assert_eq!(
        m.preamble(),
        [para(vec![text("Intro text before any heading.")])]
    );
    assert_eq!(
        m.to_string(),
        "Chat Noir (#chat-noir)\n  How to Play (#how-to-play)\n  Rules (#rules)\n  \
         How to Play (#how-to-play-1)\n    Credits! (#credits)\n"
    );
}

#[test]
fn explicit_tag_overrides_slug() {
    let m = Manual::parse("m", "# Getting Started {#start}\n\n# Start\n");
    assert_eq!(tags(&m), ["start", "start-1"]);
    assert_eq!(m.section("start").unwrap().title, "Getting Started");
}

#[test]
fn duplicate_headings_get_numbered_like_github() {
    let m = Manual::parse("m", "# A\n# A\n## A\n# a!\n");
    assert_eq!(tags(&m), ["a", "a-1", "a-2", "a-3"]);
}

#[test]
fn unknown_tag_error_names_manual_and_tag() {
    let m = chat_noir();
    let e = m.section("rulez").unwrap_err();
    let msg = e.to_string();
    assert_eq!(
        msg,
        r#"manual "Chat Noir manual": no section with tag "rulez"; did you mean "rules"?"#
    );
    let ManualError::UnknownTag { suggestions, .. } = &e;
    assert_eq!(suggestions, &["rules"]);

    let msg = m.section("zzzzzzzzzzzzzz").unwrap_err().to_string();
    assert!(msg.contains(r#""zzzzzzzzzzzzzz""#), "{msg}");
    assert!(
        msg.contains(r#"its tags are "chat-noir", "how-to-play""#),
        "{msg}"
    );

    let empty = Manual::parse("empty.md", "just text");
    let msg = empty.section("x").unwrap_err().to_string();
    assert!(
        msg.contains("empty.md") && msg.contains("no sections"),
        "{msg}"
    );
}

#[test]
fn subtree_holds_subsections() {
    let m = chat_noir();
    let all = m.subtree("chat-noir").unwrap();
    assert_eq!(all.len(), 5);
    let one = m.subtree("rules").unwrap();
    assert_eq!(one.len(), 1);
    let with_sub = m.subtree("how-to-play-1").unwrap();
    assert_eq!(with_sub.len(), 2);
    assert!(m.subtree("nope").is_err());
}

#[test]
fn image_paths_are_filtered() {
    let src = "\
# Pics
![a](pics/a.png) ![b](./pics/a.png) ![c](b%20c.png)
![d](/etc/passwd) ![e](../secret.png) ![f](pics/../../x.png)
![g](https://example.org/x.png) ![h](C:\\x.png) ![i](pics\\win.png)
";
    let m = Manual::parse("m", src);
    assert_eq!(m.image_paths(), ["pics/a.png", "b c.png", "pics/win.png"]);
    let w = m.warnings().join("\n");
    for bad in [
        "/etc/passwd",
        "../secret.png",
        "pics/../../x.png",
        "https://",
        "C:",
    ] {
        assert!(w.contains(bad), "{bad} not in {w}");
    }
}

#[test]
fn crlf_and_bom_are_handled() {
    let m = Manual::parse("m", "\u{feff}# A\r\nline one\r\nline two\r\n");
    assert_eq!(tags(&m), ["a"]);
    assert_eq!(
        m.sections()[0].blocks[1],
        para(vec![text("line one line two")])
    );
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn parsing_and_lookup_never_panic(src in "(?s).{0,300}", tag in ".{0,20}") {
        let m = Manual::parse("prop", &src);
        let _ = m.section(&tag);
        let _ = m.subtree(&tag);
        let _ = m.search(&tag);
        let _ = m.to_html("prop");
        let _ = m.image_paths();
        for s in m.sections() {
            prop_assert!(m.section(&s.tag).is_ok());
        }
    }

    #[test]
    fn markdown_like_input_never_panics(
        lines in proptest::collection::vec(
            r"(#{1,7} |> |- |1\. |    |```)?[a-zA-Zé *_`\[\]()!#{}<>:./%-]{0,30}\r?",
            0..25
        ),
        tag in "[a-z#{}-]{0,12}",
    ) {
        let src = lines.join("\n");
        let m = Manual::parse("prop", &src);
        let tags: std::collections::HashSet<&str> =
            m.sections().iter().map(|s| s.tag.as_str()).collect();
        prop_assert_eq!(tags.len(), m.sections().len(), "tags are unique");
        if let Err(e) = m.section(&tag) {
            let msg = e.to_string();
            prop_assert!(msg.contains("prop"));
        }
        for hit in m.search(&tag) {
            prop_assert!(hit.snippet.chars().count() <= 2 * SNIPPET_CHARS + 40);
        }
        let html = m.to_html("prop");
        for s in m.sections() {
            let id = format!("id=\"{}\"", super::html::escape_html(&s.tag));
            prop_assert!(html.contains(&id), "missing {}", id);
        }
    }
}
