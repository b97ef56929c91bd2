//! The block tree: what each CommonMark construct becomes.

use super::*;

fn code(s: &str) -> Inline {
    Inline::Code(s.into())
}

fn emphasis(content: Vec<Inline>) -> Inline {
    Inline::Emphasis(content)
}

fn strong(content: Vec<Inline>) -> Inline {
    Inline::Strong(content)
}

fn link(target: LinkTarget, content: Vec<Inline>) -> Inline {
    Inline::Link { target, content }
}

fn section_link(tag: &str) -> LinkTarget {
    LinkTarget::Section(tag.into())
}

/// The blocks of a manual without headings.
fn preamble(source: &str) -> Vec<ManualBlock> {
    Manual::parse("m", source).preamble().to_vec()
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
            para(vec![
                text("The goal of "),
                emphasis(vec![text("Chat Noir")]),
                text(" is to "),
                strong(vec![text("trap the cat")]),
                text("."),
            ]),
        ]
    );
    let s = m.section("how-to-play").unwrap();
    assert_eq!(
        s.blocks[1],
        para(vec![
            text("Click a dot to block it. See "),
            link(section_link("rules"), vec![text("the rules")]),
            text(" or the "),
            link(
                LinkTarget::External("https://example.org/chat-noir".into()),
                vec![text("web site")]
            ),
            text("."),
        ])
    );
    assert_eq!(
        s.blocks[2],
        ManualBlock::Image {
            path: "pics/board.png".into(),
            alt: "The board".into()
        }
    );
    // The nested list stays inside the item that holds it.
    assert_eq!(
        s.blocks[3],
        ManualBlock::List {
            start: None,
            items: vec![
                item(vec![para(vec![text("first item")])]),
                item(vec![
                    para(vec![text("second with "), code("code")]),
                    ManualBlock::List {
                        start: Some(1),
                        items: vec![item(vec![para(vec![text("nested one")])])],
                    },
                ]),
                item(vec![para(vec![text("third")])]),
            ]
        }
    );
    assert_eq!(
        s.blocks[4],
        ManualBlock::Quote(vec![para(vec![text("A quoted remark.")])])
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
fn nested_emphasis_is_a_tree() {
    let m = Manual::parse("m", "# T\n*a **b** c* and `x` **`y`** ~~old~~\n");
    assert_eq!(
        m.sections()[0].blocks[1],
        para(vec![
            emphasis(vec![text("a "), strong(vec![text("b")]), text(" c")]),
            text(" and "),
            code("x"),
            text(" "),
            strong(vec![code("y")]),
            text(" "),
            Inline::Strikethrough(vec![text("old")]),
        ])
    );
}

#[test]
fn emphasis_inside_links_and_links_inside_emphasis() {
    assert_eq!(
        preamble("[**the** *rules*](#rules) and **see [`x`](#x)**"),
        [para(vec![
            link(
                section_link("rules"),
                vec![
                    strong(vec![text("the")]),
                    text(" "),
                    emphasis(vec![text("rules")])
                ]
            ),
            text(" and "),
            strong(vec![text("see "), link(section_link("x"), vec![code("x")])]),
        ])]
    );
}

#[test]
fn image_splits_a_paragraph() {
    let m = Manual::parse("m", "before ![cat](cat.png) after\n");
    assert_eq!(
        m.preamble(),
        [
            para(vec![text("before")]),
            ManualBlock::Image {
                path: "cat.png".into(),
                alt: "cat".into()
            },
            para(vec![text("after")]),
        ]
    );
    // In emphasis, the text after the picture is still emphasised.
    assert_eq!(
        preamble("*a ![p](p.png) b*"),
        [
            para(vec![emphasis(vec![text("a")])]),
            ManualBlock::Image {
                path: "p.png".into(),
                alt: "p".into()
            },
            para(vec![emphasis(vec![text("b")])]),
        ]
    );
}

#[test]
fn pictures_in_lists_and_quotes_are_pictures() {
    let blocks = preamble("- see ![a cat](cat.png)\n\n> ![board](b.png)\n");
    let ManualBlock::List { items, .. } = &blocks[0] else {
        panic!("{blocks:?}")
    };
    assert_eq!(
        items[0].blocks[1],
        ManualBlock::Image {
            path: "cat.png".into(),
            alt: "a cat".into()
        }
    );
    assert_eq!(
        blocks[1],
        ManualBlock::Quote(vec![ManualBlock::Image {
            path: "b.png".into(),
            alt: "board".into()
        }])
    );
}

#[test]
fn heading_inside_a_list_is_not_a_section() {
    let m = Manual::parse("m", "# Top\n- # inner\n  text\n");
    assert_eq!(tags(&m), ["top"]);
    let html = m.to_html("m");
    assert!(html.contains("<h1>inner</h1>"), "{html}");
    let ManualBlock::List { items, .. } = &m.sections()[0].blocks[1] else {
        panic!("{:?}", m.sections()[0].blocks)
    };
    assert_eq!(
        items[0].blocks,
        [
            para(vec![strong(vec![text("inner")])]),
            para(vec![text("text")])
        ]
    );
}

#[test]
fn links_to_tags_are_section_links() {
    let m = Manual::parse(
        "m",
        "# A\n[x](#a) [y](#r%C3%A8gles) [z](other.md#a) <me@example.org> [](#a) \
         [w](./more/read%20me.md) [u](../up.md) [v](/abs.md) [p](//host/x.md)\n",
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
    let document = |path: &str, tag: &str| LinkTarget::Document {
        path: path.into(),
        tag: tag.into(),
    };
    assert_eq!(
        targets,
        [
            &section_link("a"),
            &section_link("règles"),
            &document("other.md", "a"),
            &LinkTarget::External("mailto:me@example.org".into()),
            &section_link("a"),
            &document("more/read me.md", ""),
            &LinkTarget::External("../up.md".into()),
            &LinkTarget::External("/abs.md".into()),
            &LinkTarget::External("//host/x.md".into()),
        ]
    );
    // A link without text shows where it goes.
    assert_eq!(
        inlines[8],
        link(section_link("a"), vec![text("a")]),
        "{inlines:?}"
    );
    assert!(
        m.warnings().iter().any(|w| w.contains("#règles")),
        "{:?}",
        m.warnings()
    );
}

#[test]
fn lists_nest_with_their_paragraphs() {
    let m = Manual::parse("m", "1. - a\n   - b\n2. c\n\n   more\n");
    assert_eq!(
        m.preamble(),
        [ManualBlock::List {
            start: Some(1),
            items: vec![
                item(vec![ManualBlock::List {
                    start: None,
                    items: vec![
                        item(vec![para(vec![text("a")])]),
                        item(vec![para(vec![text("b")])]),
                    ],
                }]),
                item(vec![para(vec![text("c")]), para(vec![text("more")])]),
            ]
        }]
    );
}

#[test]
fn lists_hold_code_quotes_and_three_levels() {
    let blocks = preamble(
        "3. one\n\n   ```sh\n   make\n   ```\n\n   > said\n\n   - two\n     - three\n\n           indented code\n",
    );
    let ManualBlock::List { start, items } = &blocks[0] else {
        panic!("{blocks:?}")
    };
    assert_eq!(*start, Some(3));
    let inner = &items[0].blocks;
    assert_eq!(inner[0], para(vec![text("one")]));
    assert_eq!(
        inner[1],
        ManualBlock::CodeBlock {
            lang: Some("sh".into()),
            text: "make".into()
        }
    );
    assert_eq!(inner[2], ManualBlock::Quote(vec![para(vec![text("said")])]));
    let ManualBlock::List { items: level2, .. } = &inner[3] else {
        panic!("{inner:?}")
    };
    let ManualBlock::List { items: level3, .. } = &level2[0].blocks[1] else {
        panic!("{level2:?}")
    };
    assert_eq!(level3[0].blocks[0], para(vec![text("three")]));
    assert_eq!(
        level3[0].blocks[1],
        ManualBlock::CodeBlock {
            lang: None,
            text: "indented code".into()
        }
    );
}

#[test]
fn block_quotes_nest_and_hold_blocks() {
    assert_eq!(
        preamble("> a\n>\n> > b\n>\n> - c\n"),
        [ManualBlock::Quote(vec![
            para(vec![text("a")]),
            ManualBlock::Quote(vec![para(vec![text("b")])]),
            ManualBlock::List {
                start: None,
                items: vec![item(vec![para(vec![text("c")])])]
            },
        ])]
    );
}

#[test]
fn code_blocks_fenced_and_indented_keep_their_lines() {
    assert_eq!(
        preamble("    let a = 1;\n      let b = 2;\n\n~~~\nx  y\n~~~\n"),
        [
            ManualBlock::CodeBlock {
                lang: None,
                text: "let a = 1;\n  let b = 2;".into()
            },
            ManualBlock::CodeBlock {
                lang: None,
                text: "x  y".into()
            },
        ]
    );
}

#[test]
fn task_lists_are_checked_or_not() {
    let blocks = preamble("- [x] done\n- [ ] to do\n- plain\n");
    let ManualBlock::List { items, .. } = &blocks[0] else {
        panic!("{blocks:?}")
    };
    let tasks: Vec<Option<bool>> = items.iter().map(|i| i.task).collect();
    assert_eq!(tasks, [Some(true), Some(false), None]);
    assert_eq!(items[1].blocks, [para(vec![text("to do")])]);
}

#[test]
fn footnotes_are_numbered_and_kept_apart_from_the_sections() {
    let m = Manual::parse(
        "m",
        "# A\nSee this.[^n] And that[^m], again[^n].\n\n# B\nText.\n\n[^m]: Other.\n[^n]: The *note*.\n",
    );
    let a = &m.sections()[0].blocks[1];
    assert_eq!(
        *a,
        para(vec![
            text("See this."),
            Inline::FootnoteRef {
                label: "n".into(),
                number: 1
            },
            text(" And that"),
            Inline::FootnoteRef {
                label: "m".into(),
                number: 2
            },
            text(", again"),
            Inline::FootnoteRef {
                label: "n".into(),
                number: 1
            },
            text("."),
        ])
    );
    // The definitions are not blocks of section B.
    assert_eq!(m.sections()[1].blocks.len(), 2, "{:?}", m.sections()[1]);
    assert_eq!(
        m.footnotes(),
        [
            Footnote {
                label: "n".into(),
                number: 1,
                blocks: vec![para(vec![
                    text("The "),
                    emphasis(vec![text("note")]),
                    text(".")
                ])],
            },
            Footnote {
                label: "m".into(),
                number: 2,
                blocks: vec![para(vec![text("Other.")])],
            },
        ]
    );
    let numbers: Vec<usize> = m
        .footnotes_of(&m.sections()[0].blocks)
        .iter()
        .map(|f| f.number)
        .collect();
    assert_eq!(numbers, [1, 2]);
    assert!(m.footnotes_of(&m.sections()[1].blocks).is_empty());
    // Searching finds a footnote's text on the page that refers to it.
    let hits = m.search("the note");
    assert_eq!(hits.len(), 1);
    assert_eq!(hits[0].tag, "a");
    assert_eq!(a.plain_text(), "See this.[1] And that[2], again[1].");
}

#[test]
fn a_reference_to_no_footnote_is_text() {
    assert_eq!(preamble("x[^none]"), [para(vec![text("x[^none]")])]);
}

#[test]
fn pipe_tables_become_table_blocks() {
    let m = Manual::parse(
        "t.md",
        "# Fields\n\nBefore.\n\n| field | default |\n| --- | :-: |\n| `game` | (required) |\n| `name` | the [directory](#fields) ![pic](p.png) |\n| short |\n\nAfter.\n",
    );
    let blocks = &m.sections[0].blocks;
    assert_eq!(blocks.len(), 4, "{blocks:#?}");
    assert_eq!(blocks[1], para(vec![text("Before.")]));
    let ManualBlock::Table(table) = &blocks[2] else {
        panic!("not a table: {:?}", blocks[2]);
    };
    assert_eq!(table.alignments, [Alignment::None, Alignment::Center]);
    assert_eq!(
        table.header,
        vec![vec![text("field")], vec![text("default")]]
    );
    let rows = &table.rows;
    assert_eq!(rows.len(), 3);
    assert_eq!(rows[0], vec![vec![code("game")], vec![text("(required)")]]);
    // Links stay links; a picture in a cell shows its alt text.
    assert_eq!(
        rows[1][1],
        vec![
            text("the "),
            link(section_link("fields"), vec![text("directory")]),
            text(" pic"),
        ]
    );
    // GitHub pads short rows with empty cells.
    assert_eq!(rows[2].len(), 2);
    assert_eq!(inlines_text(&rows[2][0]), "short");
    assert_eq!(
        blocks[2].plain_text(),
        "field | default\ngame | (required)\nname | the directory pic\nshort | "
    );
    assert_eq!(blocks[3], para(vec![text("After.")]));
    // Searching finds text in tables.
    assert!(m.sections[0].plain_text().contains("(required)"));
}

#[test]
fn table_columns_keep_their_alignment() {
    let blocks = preamble("| a | b | c | d |\n|:--|:-:|--:|---|\n| 1 | 2 | 3 | 4 |\n");
    let ManualBlock::Table(table) = &blocks[0] else {
        panic!("{blocks:?}")
    };
    use Alignment::*;
    assert_eq!(table.alignments, [Left, Center, Right, None]);
}

#[test]
fn a_table_in_a_list_is_a_table() {
    let m = Manual::parse(
        "t.md",
        "# T\n\n- item\n\n  | a | b |\n  | - | - |\n  | 1 | 2 |\n",
    );
    let ManualBlock::List { items, .. } = &m.sections[0].blocks[1] else {
        panic!("{:?}", m.sections[0].blocks);
    };
    assert_eq!(items[0].blocks[0], para(vec![text("item")]));
    let ManualBlock::Table(table) = &items[0].blocks[1] else {
        panic!("{:?}", items[0].blocks);
    };
    assert_eq!(table.header, vec![vec![text("a")], vec![text("b")]]);
    assert_eq!(table.rows, vec![vec![vec![text("1")], vec![text("2")]]]);
    assert_eq!(inlines_text(&table.rows[0][1]), "2");
    assert_eq!(blocks_text(&items[0].blocks), "item a | b\n1 | 2");
}

/// The manuals that ship: what each kind of block reads as.
#[test]
fn the_shipped_manuals_keep_their_tables_lists_and_code() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let read = |p: &str| std::fs::read_to_string(root.join(p)).unwrap();

    let launcher = Manual::parse("docs/manual.md", &read("docs/manual.md"));
    let fields = launcher.section("info-toml").unwrap();
    let table = fields
        .blocks
        .iter()
        .find_map(|b| match b {
            ManualBlock::Table(t) => Some(t),
            _ => None,
        })
        .expect("the fields table");
    assert_eq!(
        inlines_text(&table.header.concat()),
        "fielddefaultmeaning",
        "{table:?}"
    );
    assert_eq!(table.rows.len(), 8);
    assert_eq!(table.rows[2][1], vec![code("<directory name>.png")]);
    let search_path = launcher.section("search-path").unwrap();
    let ManualBlock::List { start, items } = &search_path.blocks[2] else {
        panic!("{:?}", search_path.blocks)
    };
    assert_eq!((*start, items.len()), (Some(1), 7));
    let directory = launcher.section("game-directory").unwrap();
    assert!(
        matches!(&directory.blocks[1], ManualBlock::CodeBlock { text, .. } if text.contains("    info.toml"))
    );

    let chat_noir = Manual::parse(
        "games/chat-noir/manual.md",
        &read("games/chat-noir/manual.md"),
    );
    assert!(
        chat_noir.warnings().is_empty(),
        "{:?}",
        chat_noir.warnings()
    );
    let rules = chat_noir.section("rules").unwrap();
    let ManualBlock::List { items, .. } = &rules.blocks[2] else {
        panic!("{:?}", rules.blocks)
    };
    // "**Your move:** click a free …": strong text, then the rest.
    let ManualBlock::Paragraph(first) = &items[0].blocks[0] else {
        panic!("{items:?}")
    };
    assert_eq!(first[0], strong(vec![text("Your move:")]));
}
