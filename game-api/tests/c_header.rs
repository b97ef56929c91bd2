//! `game-api/include/game_api.h`, the C header for game authors, says what
//! `abi.rs` says: a C program built against the header prints the size,
//! alignment and each field's offset, size and type of every struct, the
//! type of every function-pointer typedef, and the value of every constant,
//! and each line must equal what Rust says of the same item.
//!
//! The program is built with the system's C compiler (`$CC`, else `cc`),
//! which Rust needs as its linker anyway: without one the test fails, it
//! does not skip. Field types are checked with C11 `_Generic`, which
//! matches compatible types: a function pointer must take and return what
//! the Rust one does (on this platform: where `size_t` and `uint64_t` are
//! one type, C cannot tell them apart).

use game_api::abi::*;
use std::collections::BTreeSet;
use std::ffi::c_void;
use std::mem::{align_of, offset_of, size_of};
use std::path::{Path, PathBuf};
use std::process::Command;

/// The C type names a Rust type may be declared with in the header, as
/// `_Generic` association type names.
trait CType {
    const NAMES: &'static [&'static str];
}

macro_rules! c_types {
    ($($rust:ty => [$($c:literal),+]),* $(,)?) => {
        $(#[allow(unused_parens)]
        impl CType for $rust {
            const NAMES: &'static [&'static str] = &[$($c),+];
        })*
    };
}

/// A nullable function pointer (a revision-2 function) is a C function
/// pointer that may be NULL.
impl<F: CType> CType for Option<F> {
    const NAMES: &'static [&'static str] = F::NAMES;
}

c_types! {
    u8 => ["uint8_t"],
    u32 => ["uint32_t"],
    usize => ["size_t"],
    f32 => ["float"],
    i64 => ["int64_t"],
    // Text (`AbiStr`) is `char` to C, bytes (`AbiBytes`) are `uint8_t`:
    // both are bytes.
    *const u8 => ["const char *", "const uint8_t *"],
    *mut c_void => ["void *"],
    Rgba => ["GameApiRgba"],
    Point => ["GameApiPoint"],
    RawStyle => ["GameApiStyle"],
    RawPictureStyle => ["GameApiPictureStyle"],
    AbiStr => ["GameApiStr"],
    AbiBytes => ["GameApiBytes"],
    // The painter's functions.
    (unsafe extern "C" fn(*mut c_void, Point, f32, RawStyle)) =>
        ["void (*)(void *, GameApiPoint, float, GameApiStyle)"],
    (unsafe extern "C" fn(*mut c_void, Point, f32, f32, RawStyle)) =>
        ["void (*)(void *, GameApiPoint, float, float, GameApiStyle)"],
    (unsafe extern "C" fn(*mut c_void, *const Point, usize, RawStyle)) =>
        ["void (*)(void *, const GameApiPoint *, size_t, GameApiStyle)"],
    (unsafe extern "C" fn(*mut c_void, Point, Point, f32, Rgba)) =>
        ["void (*)(void *, GameApiPoint, GameApiPoint, float, GameApiRgba)"],
    (unsafe extern "C" fn(*mut c_void, Point, Point, RawStyle)) =>
        ["void (*)(void *, GameApiPoint, GameApiPoint, GameApiStyle)"],
    (unsafe extern "C" fn(*mut c_void, Point, Point, f32, RawStyle)) =>
        ["void (*)(void *, GameApiPoint, GameApiPoint, float, GameApiStyle)"],
    (unsafe extern "C" fn(*mut c_void, Point, u32, f32, Rgba, AbiStr)) =>
        ["void (*)(void *, GameApiPoint, uint32_t, float, GameApiRgba, GameApiStr)"],
    (unsafe extern "C" fn(*mut c_void, Point, Point)) =>
        ["void (*)(void *, GameApiPoint, GameApiPoint)"],
    (unsafe extern "C" fn(*mut c_void, f32, AbiStr, *mut Point)) =>
        ["void (*)(void *, float, GameApiStr, GameApiPoint *)"],
    (unsafe extern "C" fn(*mut c_void, AbiStr, Point, Point)) =>
        ["void (*)(void *, GameApiStr, GameApiPoint, GameApiPoint)"],
    (unsafe extern "C" fn(*mut c_void, u32, u32, *const u8, usize, Point, Point)) =>
        ["void (*)(void *, uint32_t, uint32_t, const uint8_t *, size_t, GameApiPoint, GameApiPoint)"],
    (unsafe extern "C" fn(*mut c_void, Point, u32, f32, Rgba, u32, AbiStr)) =>
        ["void (*)(void *, GameApiPoint, uint32_t, float, GameApiRgba, uint32_t, GameApiStr)"],
    (unsafe extern "C" fn(*mut c_void, f32, u32, AbiStr, *mut Point)) =>
        ["void (*)(void *, float, uint32_t, GameApiStr, GameApiPoint *)"],
    (unsafe extern "C" fn(*mut c_void, AbiStr, Point, Point, RawPictureStyle)) =>
        ["void (*)(void *, GameApiStr, GameApiPoint, GameApiPoint, GameApiPictureStyle)"],
    (unsafe extern "C" fn(*mut c_void, u32, u32, *const u8, usize, Point, Point, RawPictureStyle)) =>
        ["void (*)(void *, uint32_t, uint32_t, const uint8_t *, size_t, GameApiPoint, GameApiPoint, GameApiPictureStyle)"],
    // `pop_clip`, `request_redraw`, `request_new_game`.
    (unsafe extern "C" fn(*mut c_void)) => ["void (*)(void *)"],
    // The host's functions.
    (unsafe extern "C" fn(*mut c_void, AbiStr, u8)) => ["void (*)(void *, GameApiStr, uint8_t)"],
    (unsafe extern "C" fn(*mut c_void, u8)) => ["void (*)(void *, uint8_t)"],
    (unsafe extern "C" fn(*mut c_void, *mut u64)) => ["void (*)(void *, uint64_t *)"],
    (unsafe extern "C" fn(*mut c_void, AbiStr)) => ["void (*)(void *, GameApiStr)"],
    (unsafe extern "C" fn(*mut c_void, f32)) => ["void (*)(void *, float)"],
    (unsafe extern "C" fn(*mut c_void, u32)) => ["void (*)(void *, uint32_t)"],
    (unsafe extern "C" fn(*mut c_void, *mut AbiStr)) => ["void (*)(void *, GameApiStr *)"],
    // The game's functions.
    (unsafe extern "C" fn(*const RawHost, *mut GameHandle) -> u32) =>
        ["uint32_t (*)(const GameApiHost *, GameApiHandle *)"],
    (unsafe extern "C" fn(GameHandle) -> u32) => ["uint32_t (*)(GameApiHandle)"],
    (unsafe extern "C" fn(GameHandle, *mut Point) -> u32) =>
        ["uint32_t (*)(GameApiHandle, GameApiPoint *)"],
    // `title`, `status` and `GameIdFn`.
    (unsafe extern "C" fn(GameHandle, *mut AbiStr) -> u32) =>
        ["uint32_t (*)(GameApiHandle, GameApiStr *)"],
    (unsafe extern "C" fn(GameHandle, *const RawPainter) -> u32) =>
        ["uint32_t (*)(GameApiHandle, const GameApiPainter *)"],
    (unsafe extern "C" fn(GameHandle, *const RawEvent, *mut u8) -> u32) =>
        ["uint32_t (*)(GameApiHandle, const GameApiEvent *, uint8_t *)"],
    (unsafe extern "C" fn(GameHandle, *mut u32) -> u32) =>
        ["uint32_t (*)(GameApiHandle, uint32_t *)"],
    (unsafe extern "C" fn(GameHandle, u32, *mut RawAction) -> u32) =>
        ["uint32_t (*)(GameApiHandle, uint32_t, GameApiAction *)"],
    (unsafe extern "C" fn(GameHandle, AbiStr, AbiStr, *mut u8) -> u32) =>
        ["uint32_t (*)(GameApiHandle, GameApiStr, GameApiStr, uint8_t *)"],
    (unsafe extern "C" fn(*mut AbiStr)) => ["void (*)(GameApiStr *)"],
    SaveFn => ["uint32_t (*)(GameApiHandle, GameApiBytes *)"],
    LoadFn => ["uint32_t (*)(GameApiHandle, GameApiBytes)"],
    NewGameFn => ["uint32_t (*)(GameApiHandle, uint64_t)"],
    FromGameIdFn => ["uint32_t (*)(GameApiHandle, GameApiStr)"],
    OutcomeFn => ["uint32_t (*)(GameApiHandle, GameApiOutcome *)"],
    ActionShortcutFn => ["uint32_t (*)(GameApiHandle, uint32_t, GameApiStr *)"],
    RegionFn => ["uint32_t (*)(GameApiHandle, uint32_t, GameApiRegion *)"],
    FileChosenFn => ["uint32_t (*)(GameApiHandle, const GameApiFileChoice *, uint8_t *)"],
    LayoutFn => ["uint32_t (*)(GameApiHandle, GameApiPoint, uint8_t *)"],
    ScoreKindFn => ["uint32_t (*)(GameApiHandle, uint32_t *, GameApiStr *)"],
    EntryFn => ["const GameApiTable *(*)(void)"],
}

/// The C types of the type of `field` (a closure `|v: &S| &v.field`).
fn c_names<S, F: CType>(_field: fn(&S) -> &F) -> &'static [&'static str] {
    F::NAMES
}

/// The size of the type of `field` (a closure `|v: &S| &v.field`).
fn size_of_field<S, F>(_field: fn(&S) -> &F) -> usize {
    size_of::<F>()
}

/// What one line of the C program must say.
struct Line {
    /// The line's key: the Rust item (`RawEvent.modifiers.offset`).
    key: String,
    /// The C expression the program prints.
    c_expr: String,
    /// What the line must say after the key.
    expected: String,
    /// How to print it: `%llu` of a number, `%s` of a string, or whether
    /// a `_Generic` matched (1) or not (0).
    kind: LineKind,
}

enum LineKind {
    Number,
    Text,
    /// The C types the expression may have.
    Type(&'static [&'static str]),
}

/// Every line the C program prints, and the Rust items they cover.
#[derive(Default)]
struct Probe {
    lines: Vec<Line>,
    covered: BTreeSet<&'static str>,
}

impl Probe {
    fn number(&mut self, key: String, c_expr: String, rust: u64) {
        self.lines.push(Line {
            key,
            c_expr,
            expected: rust.to_string(),
            kind: LineKind::Number,
        });
    }

    fn text(&mut self, key: String, c_expr: String, rust: &str) {
        self.lines.push(Line {
            key,
            c_expr,
            expected: rust.to_owned(),
            kind: LineKind::Text,
        });
    }

    /// `c_expr` has one of the C types `names` (the alternatives of one Rust type).
    fn type_is(&mut self, key: String, c_expr: String, names: &'static [&'static str]) {
        self.lines.push(Line {
            key,
            c_expr,
            expected: "1".into(),
            kind: LineKind::Type(names),
        });
    }

    /// The C program: prints `key value` for every line.
    fn c_source(&self) -> String {
        let mut c = String::from(
            "/* Written by game-api/tests/c_header.rs. */\n\
             #include <stdio.h>\n\
             #include \"game_api.h\"\n\n\
             int main(void) {\n",
        );
        for line in &self.lines {
            let (format, value) = match line.kind {
                LineKind::Number => ("%llu", format!("(unsigned long long)({})", line.c_expr)),
                LineKind::Text => ("%s", line.c_expr.clone()),
                LineKind::Type(names) => {
                    let associations: Vec<String> =
                        names.iter().map(|n| format!("{n}: 1")).collect();
                    let associations = associations.join(", ");
                    (
                        "%d",
                        format!("_Generic(({}), {associations}, default: 0)", line.c_expr),
                    )
                }
            };
            c.push_str(&format!(
                "    printf(\"%s {format}\\n\", \"{}\", {value});\n",
                line.key
            ));
        }
        c.push_str("    return 0;\n}\n");
        c
    }
}

/// Checks struct `$rust`, declared in C as `$c`, field by field: its size
/// and alignment, and each field's offset, size and type. The fields must
/// be all of the struct's (a pattern without `..` says so to the compiler).
macro_rules! structure {
    ($probe:ident, $rust:ident as $c:literal { $($field:ident),* $(,)? }) => {{
        #[allow(dead_code)]
        fn every_field_is_listed(value: &$rust) {
            let $rust { $($field: _),* } = value;
        }
        let name = stringify!($rust);
        $probe.covered.insert(name);
        $probe.number(
            format!("{name}.size"),
            concat!("sizeof(", $c, ")").into(),
            size_of::<$rust>() as u64,
        );
        $probe.number(
            format!("{name}.align"),
            concat!("_Alignof(", $c, ")").into(),
            align_of::<$rust>() as u64,
        );
        $(
            let field = stringify!($field);
            $probe.number(
                format!("{name}.{field}.offset"),
                concat!("offsetof(", $c, ", ", stringify!($field), ")").into(),
                offset_of!($rust, $field) as u64,
            );
            let member = concat!("((", $c, " *)0)->", stringify!($field));
            $probe.number(
                format!("{name}.{field}.size"),
                format!("sizeof({member})"),
                size_of_field(|v: &$rust| &v.$field) as u64,
            );
            $probe.type_is(
                format!("{name}.{field}.type"),
                member.into(),
                c_names(|v: &$rust| &v.$field),
            );
        )*
    }};
}

/// Checks the values of constants, each under its C name.
macro_rules! constants {
    ($probe:ident, $($rust:ident as $c:literal),* $(,)?) => {
        $(
            $probe.covered.insert(stringify!($rust));
            $probe.number(stringify!($rust).into(), $c.into(), $rust as u64);
        )*
    };
}

/// Checks type aliases: the C typedef `$c` is (compatible with) the Rust type.
macro_rules! aliases {
    ($probe:ident, $($rust:ident as $c:literal),* $(,)?) => {
        $(
            $probe.covered.insert(stringify!($rust));
            $probe.type_is(
                format!("{}.type", stringify!($rust)),
                concat!("(", $c, ")0").into(),
                <$rust as CType>::NAMES,
            );
        )*
    };
}

fn probe() -> Probe {
    let mut p = Probe::default();
    structure!(p, AbiStr as "GameApiStr" { ptr, len });
    structure!(p, Rgba as "GameApiRgba" { r, g, b, a });
    structure!(p, Point as "GameApiPoint" { x, y });
    structure!(p, RawStyle as "GameApiStyle" { fill, stroke, stroke_width });
    structure!(p, AbiBytes as "GameApiBytes" { ptr, len });
    structure!(p, RawPainter as "GameApiPainter" {
        struct_size, ctx, circle, ellipse, polygon, line, rect, text, push_clip, pop_clip,
        rounded_rect, measure_text, picture_file, picture_rgba,
        text_styled, measure_text_styled, picture_file_styled, picture_rgba_styled,
    });
    structure!(p, RawPictureStyle as "GameApiPictureStyle" { tint, quarter_turns });
    structure!(p, RawEvent as "GameApiEvent" { kind, pos, button, key, modifiers, dt, delta });
    structure!(p, RawAction as "GameApiAction" { id, label, kind, value, options, enabled });
    structure!(p, RawHost as "GameApiHost" {
        abi_version, struct_size, ctx, show_text_help, show_manual_section, request_redraw,
        log, request_tick, request_new_game, request_input, data_dir, choose_file,
        request_layout, set_cursor, play_time,
    });
    structure!(p, RawFileChoice as "GameApiFileChoice" { status, kind, name, bytes, message });
    structure!(p, RawOutcome as "GameApiOutcome" { state, has_score, score });
    structure!(p, GameTable as "GameApiTable" {
        abi_version, table_size, create, destroy, canvas_size, title, status, draw,
        handle_event, action_count, action, invoke_action, last_error,
        save, load, new_game, game_id, from_game_id, outcome, action_shortcut,
        region_count, region, outcome_assisted, file_chosen, layout, score_kind,
        outcome_undo,
    });
    structure!(p, RawRegion as "GameApiRegion" { label, min, size });
    structure!(p, TableHeader as "GameApiTableHeader" { abi_version, table_size });

    constants!(p,
        ABI_VERSION as "GAME_API_ABI_VERSION",
        ABI_REVISION as "GAME_API_ABI_REVISION",
        ANCHOR_TOP_LEFT as "GAME_API_ANCHOR_TOP_LEFT",
        ANCHOR_CENTER as "GAME_API_ANCHOR_CENTER",
        ANCHOR_TOP as "GAME_API_ANCHOR_TOP",
        ANCHOR_TOP_RIGHT as "GAME_API_ANCHOR_TOP_RIGHT",
        ANCHOR_LEFT as "GAME_API_ANCHOR_LEFT",
        ANCHOR_RIGHT as "GAME_API_ANCHOR_RIGHT",
        ANCHOR_BOTTOM_LEFT as "GAME_API_ANCHOR_BOTTOM_LEFT",
        ANCHOR_BOTTOM as "GAME_API_ANCHOR_BOTTOM",
        ANCHOR_BOTTOM_RIGHT as "GAME_API_ANCHOR_BOTTOM_RIGHT",
        EVENT_POINTER_MOVE as "GAME_API_EVENT_POINTER_MOVE",
        EVENT_POINTER_PRESS as "GAME_API_EVENT_POINTER_PRESS",
        EVENT_POINTER_RELEASE as "GAME_API_EVENT_POINTER_RELEASE",
        EVENT_POINTER_ENTER as "GAME_API_EVENT_POINTER_ENTER",
        EVENT_POINTER_LEAVE as "GAME_API_EVENT_POINTER_LEAVE",
        EVENT_KEY_PRESS as "GAME_API_EVENT_KEY_PRESS",
        EVENT_KEY_RELEASE as "GAME_API_EVENT_KEY_RELEASE",
        EVENT_TICK as "GAME_API_EVENT_TICK",
        EVENT_SCROLL as "GAME_API_EVENT_SCROLL",
        EVENT_DOUBLE_CLICK as "GAME_API_EVENT_DOUBLE_CLICK",
        INPUT_SCROLL as "GAME_API_INPUT_SCROLL",
        INPUT_DOUBLE_CLICK as "GAME_API_INPUT_DOUBLE_CLICK",
        MODIFIER_SHIFT as "GAME_API_MODIFIER_SHIFT",
        MODIFIER_CTRL as "GAME_API_MODIFIER_CTRL",
        MODIFIER_ALT as "GAME_API_MODIFIER_ALT",
        MODIFIER_COMMAND as "GAME_API_MODIFIER_COMMAND",
        ACTION_BUTTON as "GAME_API_ACTION_BUTTON",
        ACTION_TEXT as "GAME_API_ACTION_TEXT",
        ACTION_CHOICE as "GAME_API_ACTION_CHOICE",
        RAW_HOST_SIZE_V1 as "GAME_API_HOST_SIZE_V1",
        RAW_HOST_SIZE_V2 as "GAME_API_HOST_SIZE_V2",
        RAW_HOST_SIZE_V3 as "GAME_API_HOST_SIZE_V3",
        RAW_HOST_SIZE_V5 as "GAME_API_HOST_SIZE_V5",
        FILE_KIND_PICTURE as "GAME_API_FILE_KIND_PICTURE",
        SCORE_HIGHER_IS_BETTER as "GAME_API_SCORE_HIGHER_IS_BETTER",
        SCORE_LOWER_IS_BETTER as "GAME_API_SCORE_LOWER_IS_BETTER",
        CURSOR_DEFAULT as "GAME_API_CURSOR_DEFAULT",
        CURSOR_POINTING_HAND as "GAME_API_CURSOR_POINTING_HAND",
        CURSOR_GRAB as "GAME_API_CURSOR_GRAB",
        CURSOR_GRABBING as "GAME_API_CURSOR_GRABBING",
        CURSOR_NOT_ALLOWED as "GAME_API_CURSOR_NOT_ALLOWED",
        FILE_CHOSEN as "GAME_API_FILE_CHOSEN",
        FILE_CANCELLED as "GAME_API_FILE_CANCELLED",
        FILE_REFUSED as "GAME_API_FILE_REFUSED",
        RAW_PAINTER_SIZE_V1 as "GAME_API_PAINTER_SIZE_V1",
        RAW_PAINTER_SIZE_V3 as "GAME_API_PAINTER_SIZE_V3",
        RAW_PAINTER_SIZE_V5 as "GAME_API_PAINTER_SIZE_V5",
        TEXT_BOLD as "GAME_API_TEXT_BOLD",
        TEXT_ITALIC as "GAME_API_TEXT_ITALIC",
        TEXT_MONOSPACE as "GAME_API_TEXT_MONOSPACE",
        OUTCOME_PLAYING as "GAME_API_OUTCOME_PLAYING",
        OUTCOME_WON as "GAME_API_OUTCOME_WON",
        OUTCOME_LOST as "GAME_API_OUTCOME_LOST",
        OUTCOME_ASSISTED as "GAME_API_OUTCOME_ASSISTED",
        OUTCOME_FOR_NOBODY as "GAME_API_OUTCOME_FOR_NOBODY",
        UNDO_FREE as "GAME_API_UNDO_FREE",
        UNDO_BARRIER as "GAME_API_UNDO_BARRIER",
        UNDO_ASSISTS as "GAME_API_UNDO_ASSISTS",
        STATUS_OK as "GAME_API_STATUS_OK",
        STATUS_ERROR as "GAME_API_STATUS_ERROR",
        STATUS_PANIC as "GAME_API_STATUS_PANIC",
        GAME_TABLE_SIZE as "GAME_API_TABLE_SIZE",
        GAME_TABLE_SIZE_V1 as "GAME_API_TABLE_SIZE_V1",
    );
    p.covered.insert("ENTRY_SYMBOL");
    p.text(
        "ENTRY_SYMBOL".into(),
        "GAME_API_ENTRY_SYMBOL".into(),
        ENTRY_SYMBOL,
    );

    aliases!(p,
        EntryFn as "GameApiEntryFn",
        SaveFn as "GameApiSaveFn",
        LoadFn as "GameApiLoadFn",
        NewGameFn as "GameApiNewGameFn",
        GameIdFn as "GameApiGameIdFn",
        FromGameIdFn as "GameApiFromGameIdFn",
        OutcomeFn as "GameApiOutcomeFn",
        ActionShortcutFn as "GameApiActionShortcutFn",
        RegionCountFn as "GameApiRegionCountFn",
        OutcomeAssistedFn as "GameApiOutcomeAssistedFn",
        FileChosenFn as "GameApiFileChosenFn",
        LayoutFn as "GameApiLayoutFn",
        ScoreKindFn as "GameApiScoreKindFn",
        OutcomeUndoFn as "GameApiOutcomeUndoFn",
        RegionFn as "GameApiRegionFn",
        GameHandle as "GameApiHandle",
    );
    // The entry point the header declares has the entry function's type.
    p.type_is(
        "game_api_entry.type".into(),
        "&game_api_entry".into(),
        EntryFn::NAMES,
    );
    p
}

/// The directory the test writes its C programs to.
fn work_dir() -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("c_header");
    std::fs::create_dir_all(&dir).expect("create the test's directory");
    dir
}

/// Compiles `source` with the system's C compiler (`$CC`, which may carry
/// flags, else `cc`), every warning an error, the header's directory on the
/// include path, and `args` after. Fails with the compiler's messages, or
/// with a clear word when there is no compiler.
fn compile(source: &Path, args: &[&str], output: &Path) {
    let cc = std::env::var("CC")
        .ok()
        .filter(|cc| !cc.trim().is_empty())
        .unwrap_or_else(|| "cc".into());
    let mut words = cc.split_whitespace();
    let program = words.next().expect("a non-empty compiler");
    let result = Command::new(program)
        .args(words)
        .args(["-Wall", "-Wextra", "-Wpedantic", "-Werror", "-I"])
        .arg(Path::new(env!("CARGO_MANIFEST_DIR")).join("include"))
        .args(args)
        .arg(source)
        .arg("-o")
        .arg(output)
        .output()
        .unwrap_or_else(|e| {
            panic!(
                "no C compiler: could not run `{cc}` ({e}). This test checks game_api.h with one \
                 and does not skip: install one (Rust needs it as its linker too) or set CC"
            )
        });
    assert!(
        result.status.success(),
        "`{cc}` could not build {} against game_api.h:\n{}",
        source.display(),
        String::from_utf8_lossy(&result.stderr)
    );
}

/// Builds the probe program and returns what it printed.
fn run_probe(probe: &Probe) -> String {
    let dir = work_dir();
    let source = dir.join("probe.c");
    std::fs::write(&source, probe.c_source()).expect("write probe.c");
    let exe = dir.join(format!("probe{}", std::env::consts::EXE_SUFFIX));
    compile(&source, &["-std=c11"], &exe);
    let output = Command::new(&exe).output().expect("the probe runs");
    assert!(output.status.success(), "the probe failed: {output:?}");
    String::from_utf8(output.stdout).expect("the probe prints UTF-8")
}

#[test]
fn the_c_header_has_every_size_offset_type_and_value_of_abi_rs() {
    let probe = probe();
    let printed = run_probe(&probe);
    let said: std::collections::HashMap<&str, &str> = printed
        .lines()
        .filter_map(|line| line.split_once(' '))
        .collect();
    let mut mismatches = Vec::new();
    for line in &probe.lines {
        let Some(&c) = said.get(line.key.as_str()) else {
            mismatches.push(format!("{}: the probe printed nothing", line.key));
            continue;
        };
        if c != line.expected {
            mismatches.push(match line.kind {
                LineKind::Type(names) => format!(
                    "{}: game_api.h does not declare {} as {} (abi.rs's type in C)",
                    line.key,
                    line.c_expr,
                    names.join(" or ")
                ),
                _ => format!(
                    "{}: game_api.h says {c} ({}), abi.rs says {}",
                    line.key, line.c_expr, line.expected
                ),
            });
        }
    }
    assert!(
        mismatches.is_empty(),
        "game_api.h differs from abi.rs:\n{}",
        mismatches.join("\n")
    );
    assert!(probe.lines.len() > 200, "only {} lines", probe.lines.len());
}

/// Every `pub struct`, `pub const` and `pub type` of `abi.rs` is among the
/// items the probe checks: a new one needs its C twin and its line above.
#[test]
fn every_struct_constant_and_type_of_abi_rs_is_checked() {
    let abi = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("src/abi.rs"))
        .expect("read abi.rs");
    let probe = probe();
    let mut items = 0;
    let mut unchecked = Vec::new();
    for line in abi.lines() {
        let Some(rest) = ["pub struct ", "pub const ", "pub type "]
            .iter()
            .find_map(|p| line.strip_prefix(p))
        else {
            continue;
        };
        let name: String = rest
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        items += 1;
        if !probe.covered.contains(name.as_str()) {
            unchecked.push(name);
        }
    }
    assert!(
        unchecked.is_empty(),
        "not checked against game_api.h: {unchecked:?}"
    );
    assert_eq!(items, probe.covered.len(), "{:?}", probe.covered);
}

/// The header asks for no more than C99: a game need not be written in C11.
#[test]
fn the_c_header_compiles_as_c99_without_warnings() {
    let dir = work_dir();
    let source = dir.join("c99.c");
    std::fs::write(
        &source,
        "#include \"game_api.h\"\n\
         int main(void) { return GAME_API_TABLE_SIZE_V1 < GAME_API_TABLE_SIZE ? 0 : 1; }\n",
    )
    .expect("write c99.c");
    compile(&source, &["-std=c99", "-c"], &dir.join("c99.o"));
}
