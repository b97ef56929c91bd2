use super::*;
use proptest::prelude::*;
use std::sync::Mutex;

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
        [ManualBlock::Paragraph(vec![Inline::Text(
            "Intro text before any heading.".into()
        )])]
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
fn section_blocks() {
    let m = chat_noir();
    let s = m.section("chat-noir").unwrap();
    assert_eq!(
        s.blocks,
        [
            ManualBlock::Heading {
                level: 1,
                text: "Chat Noir".into(),
                tag: "chat-noir".into()
            },
            ManualBlock::Paragraph(vec![
                Inline::Text("The goal of ".into()),
                Inline::Emphasis("Chat Noir".into()),
                Inline::Text(" is to ".into()),
                Inline::Strong("trap the cat".into()),
                Inline::Text(".".into()),
            ]),
        ]
    );
    let s = m.section("how-to-play").unwrap();
    assert_eq!(
        s.blocks[1],
        ManualBlock::Paragraph(vec![
            Inline::Text("Click a dot to block it. See ".into()),
            Inline::Link {
                text: "the rules".into(),
                target: LinkTarget::Section("rules".into())
            },
            Inline::Text(" or the ".into()),
            Inline::Link {
                text: "web site".into(),
                target: LinkTarget::External("https://example.org/chat-noir".into())
            },
            Inline::Text(".".into()),
        ])
    );
    assert_eq!(
        s.blocks[2],
        ManualBlock::Image {
            path: "pics/board.png".into(),
            alt: "The board".into()
        }
    );
    assert_eq!(
        s.blocks[3],
        ManualBlock::List {
            ordered: false,
            items: vec![
                vec![Inline::Text("first item".into())],
                vec![
                    Inline::Text("second with ".into()),
                    Inline::Code("code".into()),
                ],
                vec![Inline::Text("nested one".into())],
                vec![Inline::Text("third".into())],
            ]
        }
    );
    assert_eq!(
        s.blocks[4],
        ManualBlock::Quote(vec![Inline::Text("A quoted remark.".into())])
    );
    assert_eq!(
        s.blocks[5],
        ManualBlock::CodeBlock {
            lang: Some("rust".into()),
            text: "let x = 1;".into()
        }
    );
    assert_eq!(s.blocks[6], ManualBlock::Rule);
    assert_eq!(s.blocks.len(), 7);
}

#[test]
fn nested_emphasis_is_flattened() {
    let m = Manual::parse("m", "# T\n*a **b** c* and `x` **`y`**\n");
    assert_eq!(
        m.sections()[0].blocks[1],
        ManualBlock::Paragraph(vec![
            Inline::Emphasis("a ".into()),
            Inline::Strong("b".into()),
            Inline::Emphasis(" c".into()),
            Inline::Text(" and ".into()),
            Inline::Code("x".into()),
            Inline::Text(" ".into()),
            Inline::Code("y".into()),
        ])
    );
}

#[test]
fn image_splits_a_paragraph() {
    let m = Manual::parse("m", "before ![cat](cat.png) after\n");
    assert_eq!(
        m.preamble(),
        [
            ManualBlock::Paragraph(vec![Inline::Text("before".into())]),
            ManualBlock::Image {
                path: "cat.png".into(),
                alt: "cat".into()
            },
            ManualBlock::Paragraph(vec![Inline::Text("after".into())]),
        ]
    );
}

#[test]
fn heading_inside_a_list_is_not_a_section() {
    let m = Manual::parse("m", "# Top\n- # inner\n  text\n");
    assert_eq!(tags(&m), ["top"]);
    let html = m.to_html("m");
    assert!(html.contains("<h1>inner</h1>"), "{html}");
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
fn html_is_a_standalone_page_with_anchor_ids() {
    let m = chat_noir();
    let html = m.to_html("Chat Noir <Help>");
    assert!(html.starts_with("<!DOCTYPE html>"));
    assert!(html.contains("<meta charset=\"utf-8\">"));
    assert!(html.contains("<title>Chat Noir &lt;Help&gt;</title>"));
    assert!(html.contains("<style>"));
    for s in m.sections() {
        assert!(html.contains(&format!("id=\"{}\"", s.tag)), "{}", s.tag);
        assert!(
            html.contains(&format!("<a href=\"#{}\">", s.tag)),
            "{}",
            s.tag
        );
    }
    assert!(html.contains("<h2 id=\"rules\">Rules</h2>"), "{html}");
    assert!(html.contains("<a href=\"#rules\">the rules</a>"));
    assert!(html.contains("src=\"pics/board.png\""));
    assert!(html.trim_end().ends_with("</html>"));
}

#[test]
fn html_without_headings_has_no_toc() {
    let html = Manual::parse("m", "text only").to_html("m");
    assert!(!html.contains("<nav"));
    assert!(html.contains("<p>text only</p>"));
}

#[test]
fn links_to_tags_are_section_links() {
    let m = Manual::parse(
        "m",
        "# A\n[x](#a) [y](#r%C3%A8gles) [z](other.md#a) <me@example.org> [](#a)\n",
    );
    let ManualBlock::Paragraph(inlines) = &m.sections()[0].blocks[1] else {
        panic!("{:?}", m.sections()[0].blocks)
    };
    let targets: Vec<&LinkTarget> = inlines
        .iter()
        .filter_map(|i| match i {
            Inline::Link { target, .. } => Some(target),
            _ => None,
        })
        .collect();
    assert_eq!(
        targets,
        [
            &LinkTarget::Section("a".into()),
            &LinkTarget::Section("règles".into()),
            &LinkTarget::External("other.md#a".into()),
            &LinkTarget::External("mailto:me@example.org".into()),
            &LinkTarget::Section("a".into()),
        ]
    );
    assert!(
        m.warnings().iter().any(|w| w.contains("#règles")),
        "{:?}",
        m.warnings()
    );
}

#[test]
fn search_finds_sections_in_order() {
    let m = chat_noir();
    let hits = m.search("HOW TO");
    let hit_tags: Vec<&str> = hits.iter().map(|h| h.tag.as_str()).collect();
    assert_eq!(hit_tags, ["how-to-play", "how-to-play-1"]);
    assert_eq!(hits[0].title, "How to Play");

    let hits = m.search("cat");
    let hit_tags: Vec<&str> = hits.iter().map(|h| h.tag.as_str()).collect();
    // "dupli*cat*e" matches too: a substring search.
    assert_eq!(hit_tags, ["chat-noir", "rules", "how-to-play-1"]);
    assert!(hits[1].snippet.contains("The cat moves"), "{:?}", hits[1]);

    let hits = m.search("before any");
    assert_eq!(hits[0].tag, "");
    assert_eq!(hits[0].title, "Chat Noir");

    assert!(m.search("   ").is_empty());
    assert!(m.search("no such words").is_empty());
    // White space in the query matches line breaks in the text.
    assert_eq!(m.search("quoted remark").len(), 1);
}

#[test]
fn search_snippets_are_about_80_chars() {
    let long = format!(
        "# Long\n{} needle {}\n",
        "word ".repeat(100),
        "more ".repeat(100)
    );
    let m = Manual::parse("m", &long);
    let hits = m.search("NEEDLE");
    assert_eq!(hits.len(), 1);
    let snippet = &hits[0].snippet;
    assert!(snippet.contains("needle"), "{snippet}");
    assert!(
        snippet.starts_with('…') && snippet.ends_with('…'),
        "{snippet}"
    );
    let n = snippet.chars().count();
    assert!((60..=85).contains(&n), "{n}: {snippet}");

    // Case folding that changes lengths does not break the mapping.
    let m = Manual::parse("m", "# İstanbul\nStraße und İİİ straße\n");
    let hits = m.search("STRASSE");
    assert!(hits.is_empty(), "no full case folding, only lowercase");
    let hits = m.search("straße");
    assert_eq!(hits.len(), 1);
    assert_eq!(hits[0].snippet, "İstanbul Straße und İİİ straße");
    assert_eq!(m.search("i̇stanbul").len(), 1);
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
fn html_file_names() {
    let name = |n: &str| Manual::parse(n, "").html_file_name();
    assert_eq!(name("games/chat-noir/manual.md"), "manual.html");
    assert_eq!(name("Chat Noir: the manual"), "chat-noir-the-manual.html");
    assert_eq!(name("???"), "manual.html");
}

#[test]
fn write_html_copies_pictures() {
    let manual_dir = tempfile::tempdir().unwrap();
    let cache = tempfile::tempdir().unwrap();
    std::fs::create_dir(manual_dir.path().join("pics")).unwrap();
    std::fs::write(manual_dir.path().join("pics/board.png"), b"png").unwrap();
    let m = Manual::parse(
        "games/chat-noir/manual.md",
        "# Chat Noir\n![b](pics/board.png) ![m](missing.png)\n",
    );
    let cache_dir = cache.path().join("chat-noir");
    let written = write_html(&m, &cache_dir, manual_dir.path()).unwrap();
    assert_eq!(written.path, cache_dir.join("manual.html"));
    let html = std::fs::read_to_string(&written.path).unwrap();
    assert!(html.contains("<title>Chat Noir</title>"));
    assert_eq!(
        std::fs::read(cache_dir.join("pics/board.png")).unwrap(),
        b"png"
    );
    assert_eq!(written.warnings.len(), 1, "{:?}", written.warnings);
    assert!(written.warnings[0].contains("missing.png"));
    let leftovers: Vec<_> = std::fs::read_dir(&cache_dir)
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(leftovers.len(), 2, "{leftovers:?}");
}

#[test]
fn crlf_and_bom_are_handled() {
    let m = Manual::parse("m", "\u{feff}# A\r\nline one\r\nline two\r\n");
    assert_eq!(tags(&m), ["a"]);
    assert_eq!(
        m.sections()[0].blocks[1],
        ManualBlock::Paragraph(vec![Inline::Text("line one line two".into())])
    );
}

/// Serialises the tests that change environment variables.
static ENV_LOCK: Mutex<()> = Mutex::new(());

#[cfg(unix)]
#[test]
fn browser_variable_receives_the_url_intact() {
    use std::os::unix::fs::PermissionsExt;
    let _guard = ENV_LOCK.lock().unwrap_or_else(|e| e.into_inner());
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("got-url");
    let script = dir.path().join("fake browser.sh");
    std::fs::write(
        &script,
        format!(
            "#!/bin/sh\nprintf '%s\\n' \"$@\" > '{}.tmp' && mv '{0}.tmp' '{0}'\n",
            out.display()
        ),
    )
    .unwrap();
    std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o755)).unwrap();

    let html = dir.path().join("my manual & more.html");
    let url = manual_url(&html, "how-to-play");
    assert!(
        url.contains("my%20manual%20%26%20more.html#how-to-play"),
        "{url}"
    );

    let wait_for = |expected: &str| {
        for _ in 0..500 {
            if let Ok(got) = std::fs::read_to_string(&out) {
                assert_eq!(got, expected);
                std::fs::remove_file(&out).unwrap();
                return;
            }
            std::thread::sleep(std::time::Duration::from_millis(20));
        }
        panic!("the fake browser never wrote {}", out.display());
    };

    let quoted = format!("'{}'", script.display());
    // A missing first browser is skipped; the URL is appended.
    let previous = std::env::var_os("BROWSER");
    // SAFETY: the tests that touch the environment hold ENV_LOCK, and no
    // other test reads BROWSER.
    unsafe { std::env::set_var("BROWSER", format!("/nonexistent/browser:{quoted}")) };
    open_in_browser(&url).unwrap();
    wait_for(&format!("{url}\n"));

    // `%s` is replaced in place.
    unsafe { std::env::set_var("BROWSER", format!("{quoted} --new-tab %s --end")) };
    let tricky = "https://example.org/a b?x=1&y='$HOME'#frag";
    open_in_browser(tricky).unwrap();
    wait_for(&format!("--new-tab\n{tricky}\n--end\n"));

    match previous {
        Some(v) => unsafe { std::env::set_var("BROWSER", v) },
        None => unsafe { std::env::remove_var("BROWSER") },
    }
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
            let id = format!("id=\"{}\"", html::escape_html(&s.tag));
            prop_assert!(html.contains(&id), "missing {}", id);
        }
    }
}

#[test]
fn lists_flatten_and_drop_empty_items() {
    let m = Manual::parse("m", "1. - a\n   - b\n2. c\n\n   more\n");
    assert_eq!(
        m.preamble(),
        [ManualBlock::List {
            ordered: true,
            items: vec![
                vec![Inline::Text("a".into())],
                vec![Inline::Text("b".into())],
                vec![Inline::Text("c more".into())],
            ]
        }]
    );
}

#[test]
fn short_snippets_start_at_the_beginning() {
    let m = Manual::parse("m", "# How to Play\nClick a dot to block it.\n");
    let hits = m.search("block");
    assert_eq!(hits[0].snippet, "How to Play Click a dot to block it.");
}

#[test]
fn pipe_tables_become_table_blocks() {
    let m = Manual::parse(
        "t.md",
        "# Fields\n\nBefore.\n\n| field | default |\n| --- | :-: |\n| `game` | (required) |\n| `name` | the [directory](#fields) ![pic](p.png) |\n| short |\n\nAfter.\n",
    );
    let blocks = &m.sections[0].blocks;
    assert_eq!(blocks.len(), 4, "{blocks:#?}");
    assert_eq!(
        blocks[1],
        ManualBlock::Paragraph(vec![Inline::Text("Before.".into())])
    );
    let ManualBlock::Table { header, rows } = &blocks[2] else {
        panic!("not a table: {:?}", blocks[2]);
    };
    assert_eq!(
        header,
        &vec![
            vec![Inline::Text("field".into())],
            vec![Inline::Text("default".into())]
        ]
    );
    assert_eq!(rows.len(), 3);
    assert_eq!(
        rows[0],
        vec![
            vec![Inline::Code("game".into())],
            vec![Inline::Text("(required)".into())]
        ]
    );
    // Links stay links; a picture in a cell shows its alt text.
    assert_eq!(
        rows[1][1],
        vec![
            Inline::Text("the ".into()),
            Inline::Link {
                text: "directory".into(),
                target: LinkTarget::Section("fields".into())
            },
            Inline::Text(" pic".into()),
        ]
    );
    // GitHub pads short rows with empty cells.
    assert_eq!(rows[2].len(), 2);
    assert_eq!(inlines_text(&rows[2][0]), "short");
    assert_eq!(
        blocks[2].plain_text(),
        "field | default\ngame | (required)\nname | the directory pic\nshort | "
    );
    assert_eq!(
        blocks[3],
        ManualBlock::Paragraph(vec![Inline::Text("After.".into())])
    );
    // Searching finds text in tables.
    assert!(m.sections[0].plain_text().contains("(required)"));
}

#[test]
fn a_table_in_a_list_is_flattened_to_text() {
    let m = Manual::parse(
        "t.md",
        "# T\n\n- item\n\n  | a | b |\n  | - | - |\n  | 1 | 2 |\n",
    );
    let ManualBlock::List { items, .. } = &m.sections[0].blocks[1] else {
        panic!("{:?}", m.sections[0].blocks);
    };
    assert_eq!(inlines_text(&items[0]), "item a | b 1 | 2");
}

#[test]
fn tables_are_html_tables_in_the_browser_page() {
    let m = Manual::parse("t.md", "# T\n\n| a | b |\n| - | - |\n| 1 | 2 |\n");
    let html = m.to_html("T");
    assert!(html.contains("<table>"), "{html}");
    assert!(html.contains("<th>a</th>"), "{html}");
    assert!(html.contains("<td>2</td>"), "{html}");
}
