/*
 * game_api.h: the C ABI between the game launcher (the host) and a game
 * library (the guest), for games written in C, C++ or any language with a
 * C FFI.
 *
 * This header mirrors game-api/src/abi.rs, which is the definition; the test
 * game-api/tests/c_header.rs compiles a program against this header and
 * checks every size, alignment, offset, field type and constant against the
 * Rust side. A complete game written against it:
 * docs/template-c-game/lamp_grid.c. The guide: docs/writing-a-game.md,
 * "Writing a game in C (or any language with a C FFI)".
 *
 * Only plain numbers, function pointers and borrowed UTF-8 strings
 * (GameApiStr) cross the boundary. Codes are plain uint32_t values, never C
 * enums, whose size the C standard leaves to the compiler.
 *
 * Names: every name of abi.rs, prefixed. Types take the prefix `GameApi` and
 * lose a leading `Raw`, `Abi` or `Game` that only told them apart from
 * game-api's Rust types; constants take the prefix `GAME_API_` and follow
 * the type they measure:
 *
 *   abi.rs                    game_api.h
 *   AbiStr, AbiBytes          GameApiStr, GameApiBytes
 *   Rgba, Point               GameApiRgba, GameApiPoint
 *   RawStyle, RawPainter      GameApiStyle, GameApiPainter
 *   RawEvent, RawAction       GameApiEvent, GameApiAction
 *   RawHost, RawOutcome       GameApiHost, GameApiOutcome
 *   GameTable, TableHeader    GameApiTable, GameApiTableHeader
 *   GameHandle                GameApiHandle
 *   EntryFn, SaveFn, ...      GameApiEntryFn, GameApiSaveFn, ...
 *   EVENT_KEY_PRESS, ...      GAME_API_EVENT_KEY_PRESS, ...
 *   GAME_TABLE_SIZE(_V1)      GAME_API_TABLE_SIZE(_V1)
 *   RAW_HOST_SIZE_V1, _V2     GAME_API_HOST_SIZE_V1, _V2
 *   ENTRY_SYMBOL              GAME_API_ENTRY_SYMBOL
 *
 * Struct fields keep their Rust names.
 *
 * HOW THE ABI GROWS
 *
 * GAME_API_ABI_VERSION names the layout family and never changes for
 * additions: new functions and fields are appended to the structs below, and
 * each struct says how large it is (`table_size`, `struct_size`). A reader
 * uses only the fields that both sides know:
 *
 *  - the host accepts a game table of at least GAME_API_TABLE_SIZE_V1 bytes
 *    and treats every function beyond the table's size, or NULL, as absent
 *    (the launcher's fallback applies: no undo without `save`, say). A game
 *    sets `table_size` to GAME_API_TABLE_SIZE, the size of the table of the
 *    header it was compiled with, and may leave any revision-2 function NULL;
 *  - a game reads the host's revision from GameApiHost.struct_size: a host
 *    of revision 2 or later (struct_size >= GAME_API_HOST_SIZE_V2) offers
 *    `request_tick` and `request_new_game` and fills GameApiEvent.modifiers
 *    and GameApiEvent.dt; one of revision 3 or later (struct_size >=
 *    GAME_API_HOST_SIZE_V3) offers `request_input` and `data_dir` and fills
 *    GameApiEvent.delta. With a smaller host, a game must not call those
 *    functions nor read those event fields: they are not there.
 *
 * Revision 1 is the first release; revision 2 appends the optional game
 * functions `save` ... `outcome` to GameApiTable, `request_tick` and
 * `request_new_game` to GameApiHost, and `modifiers` and `dt` to
 * GameApiEvent; revision 3 appends `request_input`
 * and `data_dir` to GameApiHost and `delta` to GameApiEvent: a game gets
 * scroll and double-click events only after asking for them with
 * `request_input`; revision 4 appends `outcome_assisted` to
 * GameApiTable; revision 5 appends `choose_file`
 * to GameApiHost (struct_size >= GAME_API_HOST_SIZE_V5) and `file_chosen`
 * to GameApiTable: a game asks the player for a file of a kind
 * (GAME_API_FILE_KIND_PICTURE) in answer to a click or a key, and the
 * launcher's own file dialog hands it the file's name and bytes; revision 6
 * (GAME_API_ABI_REVISION) appends `outcome_undo` to GameApiTable: a game
 * with hidden information says of each move whether undoing it is free,
 * impossible (an undo barrier) or help (GAME_API_UNDO_*).
 *
 * THREADS
 *
 * The host calls a game instance one call at a time, and every call of one
 * instance, from `create` to `destroy`, on the same thread. Different
 * instances may run on different threads, so keep state in the instance and
 * the last error in thread-local storage.
 */

#ifndef GAME_API_H
#define GAME_API_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------------
 * Versions and the entry symbol
 * ------------------------------------------------------------------------ */

/*
 * The version of this ABI's layout family. The host refuses a library whose
 * table carries another number. It is bumped only for a change that breaks
 * existing games (a field moved or retyped); additions are appended and
 * raise GAME_API_ABI_REVISION instead.
 */
#define GAME_API_ABI_VERSION 1u

/*
 * The revision of this ABI within GAME_API_ABI_VERSION: how many times it
 * has grown. Revision 1 is the first layout; revision 2 adds saving, new
 * games and game IDs, outcomes, ticks and key modifiers; revision 3 the
 * scroll wheel and double clicks; revision 4 assisted outcomes; revision 5
 * files the player chooses for the game; revision 6 undo barriers.
 */
#define GAME_API_ABI_REVISION 6u

/*
 * The symbol every game library exports (see game_api_entry below). Its
 * name never changes between ABI versions so that an old library is
 * reported as "built for ABI version N", not as "not a game".
 */
#define GAME_API_ENTRY_SYMBOL "game_api_entry"

/* ------------------------------------------------------------------------
 * Plain data
 * ------------------------------------------------------------------------ */

/*
 * A borrowed UTF-8 string: a pointer and a length in bytes, not
 * NUL-terminated (the host never looks past `len`, and a string the host
 * passes has no terminator).
 *
 * The receiver must copy it before the call returns (or, for strings a game
 * returns, before it calls into the game again). The host treats strings
 * from a game as untrusted bytes: it decodes them lossily and caps their
 * length. So a string a game returns (a title, a status, a game ID, an
 * action's texts, the last error) must stay valid until the game's next
 * call: keep it in the game instance, or in static storage.
 */
typedef struct GameApiStr {
    /* First byte, or NULL for the empty string. */
    const char *ptr;
    /* Length in bytes. */
    size_t len;
} GameApiStr;

/* An sRGB colour with straight (not premultiplied) alpha. */
typedef struct GameApiRgba {
    /* Red, 0-255. */
    uint8_t r;
    /* Green, 0-255. */
    uint8_t g;
    /* Blue, 0-255. */
    uint8_t b;
    /* Opacity, 0 (invisible) - 255 (opaque). */
    uint8_t a;
} GameApiRgba;

/* A point in the game's canvas coordinates (pixels, origin top-left, y down). */
typedef struct GameApiPoint {
    /* Horizontal coordinate. */
    float x;
    /* Vertical coordinate. */
    float y;
} GameApiPoint;

/*
 * How a closed shape is painted: a fill (alpha 0 = none) and an outline
 * (width 0 = none).
 */
typedef struct GameApiStyle {
    /* Fill colour; alpha 0 means no fill. */
    GameApiRgba fill;
    /* Outline colour. */
    GameApiRgba stroke;
    /* Outline width in canvas pixels; 0 means no outline. */
    float stroke_width;
} GameApiStyle;

/*
 * A borrowed run of bytes (a saved game): a pointer and a length. Like
 * GameApiStr, the receiver copies it before the call returns (or, for bytes
 * a game returns, before it calls into the game again).
 */
typedef struct GameApiBytes {
    /* First byte, or NULL when empty. */
    const uint8_t *ptr;
    /* Length in bytes. */
    size_t len;
} GameApiBytes;

/* ------------------------------------------------------------------------
 * Drawing
 * ------------------------------------------------------------------------ */

/* Text anchor: `pos` is the text's top-left corner. */
#define GAME_API_ANCHOR_TOP_LEFT 0u
/* Text anchor: `pos` is the text's centre. */
#define GAME_API_ANCHOR_CENTER 1u
/*
 * Revision 3 anchors: the middle of the top edge, the top-right corner, the
 * middle of the left and right edges, the bottom-left corner, the middle of
 * the bottom edge, the bottom-right corner. An older host draws them at the
 * top-left: check struct_size against GAME_API_PAINTER_SIZE_V3.
 */
#define GAME_API_ANCHOR_TOP 2u
#define GAME_API_ANCHOR_TOP_RIGHT 3u
#define GAME_API_ANCHOR_LEFT 4u
#define GAME_API_ANCHOR_RIGHT 5u
#define GAME_API_ANCHOR_BOTTOM_LEFT 6u
#define GAME_API_ANCHOR_BOTTOM 7u
#define GAME_API_ANCHOR_BOTTOM_RIGHT 8u

/*
 * Host-supplied drawing functions, valid only during one `draw` call. Pass
 * `ctx` back as the first argument of every function.
 */
/*
 * How a picture is drawn (revision 5): each pixel's colour multiplied by
 * `tint` (white: as it is; its alpha fades the picture: 128 is half
 * transparent), and the picture turned clockwise by `quarter_turns` quarter
 * turns (0-3; more wrap round) inside its rectangle.
 */
typedef struct GameApiPictureStyle {
    /* The colour each pixel is multiplied by; its alpha is the opacity. */
    GameApiRgba tint;
    /* Clockwise quarter turns. */
    uint32_t quarter_turns;
} GameApiPictureStyle;

typedef struct GameApiPainter {
    /* sizeof(GameApiPainter) as the host built it. */
    uint32_t struct_size;
    /* Host's private context, passed back to every function. */
    void *ctx;
    /* A circle by centre and radius. */
    void (*circle)(void *ctx, GameApiPoint center, float radius, GameApiStyle style);
    /* An axis-aligned ellipse by centre and the two radii. */
    void (*ellipse)(void *ctx, GameApiPoint center, float radius_x, float radius_y,
                    GameApiStyle style);
    /* A closed polygon through `len` points (copied before it returns). */
    void (*polygon)(void *ctx, const GameApiPoint *points, size_t len, GameApiStyle style);
    /* A straight line segment. */
    void (*line)(void *ctx, GameApiPoint from, GameApiPoint to, float width, GameApiRgba color);
    /* An axis-aligned rectangle by its top-left corner and size. */
    void (*rect)(void *ctx, GameApiPoint min, GameApiPoint size, GameApiStyle style);
    /* Text; `anchor` is one of the GAME_API_ANCHOR_* constants. */
    void (*text)(void *ctx, GameApiPoint pos, uint32_t anchor, float font_size, GameApiRgba color,
                 GameApiStr text);
    /* Restricts later drawing to a rectangle (intersected with the current clip). */
    void (*push_clip)(void *ctx, GameApiPoint min, GameApiPoint size);
    /* Undoes the last `push_clip`. */
    void (*pop_clip)(void *ctx);
    /*
     * Revision 3: an axis-aligned rectangle with rounded corners of `radius`
     * (at most half the shorter side). Only when struct_size >=
     * GAME_API_PAINTER_SIZE_V3; with an older painter, draw `rect`.
     */
    void (*rounded_rect)(void *ctx, GameApiPoint min, GameApiPoint size, float radius,
                         GameApiStyle style);
    /*
     * Revision 3: writes to `out` the size `text` takes at `font_size` (its
     * lines split at '\n'), measured with the font the host draws with.
     */
    void (*measure_text)(void *ctx, float font_size, GameApiStr text, GameApiPoint *out);
    /*
     * Revision 3: the PNG file at `path` (relative to the game's directory,
     * '/' between folders, no "." or ".." parts) scaled into the rectangle
     * at `min` of `size`. The host reads and decodes it once.
     */
    void (*picture_file)(void *ctx, GameApiStr path, GameApiPoint min, GameApiPoint size);
    /*
     * Revision 3: `width` x `height` pixels of four bytes (red, green, blue,
     * alpha, not premultiplied), row by row; `len` = width * height * 4.
     * Scaled into the rectangle at `min` of `size`; copied during the call.
     */
    void (*picture_rgba)(void *ctx, uint32_t width, uint32_t height, const uint8_t *pixels,
                         size_t len, GameApiPoint min, GameApiPoint size);
    /*
     * Revision 5: text as `text` draws it, in the GAME_API_TEXT_* style bits
     * of `style` (bold, italic, monospace). Only when struct_size >=
     * GAME_API_PAINTER_SIZE_V5.
     */
    void (*text_styled)(void *ctx, GameApiPoint pos, uint32_t anchor, float font_size,
                        GameApiRgba color, uint32_t style, GameApiStr text);
    /* Revision 5: the size `text` takes at `font_size` in the style bits `style`. */
    void (*measure_text_styled)(void *ctx, float font_size, uint32_t style, GameApiStr text,
                                GameApiPoint *out);
    /* Revision 5: `picture_file`, tinted and turned as `look` says. */
    void (*picture_file_styled)(void *ctx, GameApiStr path, GameApiPoint min, GameApiPoint size,
                                GameApiPictureStyle look);
    /* Revision 5: `picture_rgba`, tinted and turned as `look` says. */
    void (*picture_rgba_styled)(void *ctx, uint32_t width, uint32_t height, const uint8_t *pixels,
                                size_t len, GameApiPoint min, GameApiPoint size,
                                GameApiPictureStyle look);
} GameApiPainter;

/* Text style bit (revision 5): bold. */
#define GAME_API_TEXT_BOLD 1u
/* Text style bit: italic (slanted). */
#define GAME_API_TEXT_ITALIC 2u
/* Text style bit: the monospace family (every character as wide). */
#define GAME_API_TEXT_MONOSPACE 4u

/* sizeof(GameApiPainter) of revisions 1 and 2. */
#define GAME_API_PAINTER_SIZE_V1 ((uint32_t)offsetof(GameApiPainter, rounded_rect))
/*
 * sizeof(GameApiPainter) of revision 3: it draws rounded rectangles and
 * pictures, measures text and knows all nine anchors.
 */
#define GAME_API_PAINTER_SIZE_V3 ((uint32_t)offsetof(GameApiPainter, text_styled))
/*
 * sizeof(GameApiPainter) of revision 5: it draws and measures styled text
 * and styled pictures.
 */
#define GAME_API_PAINTER_SIZE_V5 ((uint32_t)sizeof(GameApiPainter))

/* ------------------------------------------------------------------------
 * Events
 * ------------------------------------------------------------------------ */

/* Event kind: the pointer moved over the canvas. */
#define GAME_API_EVENT_POINTER_MOVE 0u
/* Event kind: a pointer button went down. */
#define GAME_API_EVENT_POINTER_PRESS 1u
/* Event kind: a pointer button went up. */
#define GAME_API_EVENT_POINTER_RELEASE 2u
/* Event kind: the pointer entered the canvas. */
#define GAME_API_EVENT_POINTER_ENTER 3u
/* Event kind: the pointer left the canvas. */
#define GAME_API_EVENT_POINTER_LEAVE 4u
/* Event kind: a key went down. */
#define GAME_API_EVENT_KEY_PRESS 5u
/* Event kind: a key went up. */
#define GAME_API_EVENT_KEY_RELEASE 6u
/*
 * Event kind (revision 2): time passed while the game asked for ticks;
 * GameApiEvent.dt says how much.
 */
#define GAME_API_EVENT_TICK 7u
/*
 * Event kind (revision 3, asked for with GAME_API_INPUT_SCROLL): the wheel
 * or the touchpad scrolled over the canvas at `pos` by GameApiEvent.delta.
 */
#define GAME_API_EVENT_SCROLL 8u
/*
 * Event kind (revision 3, asked for with GAME_API_INPUT_DOUBLE_CLICK):
 * `button` was clicked twice at `pos`. Its two clicks arrive as presses and
 * releases too, before it.
 */
#define GAME_API_EVENT_DOUBLE_CLICK 9u

/* request_input bit: send GAME_API_EVENT_SCROLL. */
#define GAME_API_INPUT_SCROLL 1u
/* request_input bit: send GAME_API_EVENT_DOUBLE_CLICK. */
#define GAME_API_INPUT_DOUBLE_CLICK 2u

/* Modifier bit: Shift was held. */
#define GAME_API_MODIFIER_SHIFT 1u
/* Modifier bit: Ctrl was held. */
#define GAME_API_MODIFIER_CTRL 2u
/* Modifier bit: Alt (Option on a Mac) was held. */
#define GAME_API_MODIFIER_ALT 4u
/*
 * Modifier bit: Command (the Apple key on a Mac; the Windows / Super key
 * elsewhere) was held.
 */
#define GAME_API_MODIFIER_COMMAND 8u

/*
 * One input event, in the game's canvas coordinates, valid during the
 * `handle_event` call it is passed to.
 *
 * Key names are game-api's own (game-api/src/keys.rs): a letter key is its
 * lower-case letter "a" to "z" (Shift is in `modifiers`), a digit key "0" to
 * "9", a function key "F1" to "F12", and other keys have names such as
 * "Enter", "Escape", "Space", "Tab", "Backspace", "ArrowLeft", "ArrowRight",
 * "ArrowUp", "ArrowDown", and (revision 4) "QuestionMark", the key that types
 * `?` (Hint, by the launcher's key convention). Compare `key.len` and the
 * bytes (memcmp): the name is not NUL-terminated.
 */
typedef struct GameApiEvent {
    /* One of the GAME_API_EVENT_* constants. */
    uint32_t kind;
    /* Pointer position (pointer events only). */
    GameApiPoint pos;
    /* 0 primary, 1 secondary, 2 middle (press/release only). */
    uint32_t button;
    /* The key's name (key events only). */
    GameApiStr key;
    /*
     * Revision 2: the GAME_API_MODIFIER_* bits held (key and pointer
     * events). Read it only from a host of revision 2 or later.
     */
    uint32_t modifiers;
    /*
     * Revision 2: seconds since the previous tick (tick events only). Read
     * it only from a host of revision 2 or later.
     */
    float dt;
    /*
     * Revision 3: how far the content under the pointer should move, in
     * canvas points (scroll events only): y > 0 when the wheel turns up
     * (towards the top of the content), x > 0 to the left. Read it only from
     * a host of revision 3 or later (it sends scroll events only then).
     */
    GameApiPoint delta;
} GameApiEvent;

/* ------------------------------------------------------------------------
 * Actions
 * ------------------------------------------------------------------------ */

/* Action kind: a button the host shows; `value` is ignored. */
#define GAME_API_ACTION_BUTTON 0u
/* Action kind: a text field; `value` holds its current text. */
#define GAME_API_ACTION_TEXT 1u
/*
 * Action kind: a choice among `options` (newline-separated); `value` holds
 * the current one.
 */
#define GAME_API_ACTION_CHOICE 2u

/*
 * A game-specific control the host shows beside the canvas (a Hint button,
 * a board-size choice; a game with `new_game` and `game_id` leaves New game
 * and the game ID to the host's own controls). Strings point into the
 * game's storage and stay valid until the next call into the game.
 */
typedef struct GameApiAction {
    /* Stable identifier passed back to `invoke_action`. */
    GameApiStr id;
    /* Label shown to the player. */
    GameApiStr label;
    /* One of the GAME_API_ACTION_* constants. */
    uint32_t kind;
    /* Current value (text or chosen option). */
    GameApiStr value;
    /* Newline-separated options of a choice. */
    GameApiStr options;
    /* Nonzero when the control can be used now. */
    uint8_t enabled;
} GameApiAction;

/*
 * Revision 3: a labelled part of the canvas. A screen reader reads its
 * label ("cell 3, 4: free"); activating it clicks its centre. The label
 * stays valid until the next `region_count`.
 */
typedef struct GameApiRegion {
    GameApiStr label;
    /* Its top-left corner, in canvas pixels. */
    GameApiPoint min;
    /* Its width and height. */
    GameApiPoint size;
} GameApiRegion;

/* ------------------------------------------------------------------------
 * The host
 * ------------------------------------------------------------------------ */

/*
 * Services the host offers a game, valid for the life of the game instance
 * (`create` may also be given NULL: a host that offers nothing). Strings
 * passed to these functions are copied before they return. Pass `ctx` back
 * as the first argument of every function.
 */
typedef struct GameApiHost {
    /* The host's GAME_API_ABI_VERSION. */
    uint32_t abi_version;
    /*
     * sizeof(GameApiHost) as the host built it: GAME_API_HOST_SIZE_V1 for
     * a revision-1 host, at least GAME_API_HOST_SIZE_V2 from revision 2 on.
     */
    uint32_t struct_size;
    /* Host's private context, passed back to every function. */
    void *ctx;
    /*
     * Show the game's text help (doc.txt) in a window titled `title`
     * (section 4 "Showing Text Help"); `verbatim` nonzero shows it
     * unformatted.
     */
    void (*show_text_help)(void *ctx, GameApiStr title, uint8_t verbatim);
    /* Show a section of the game's manual (section 3 "Showing Scribbled Help"). */
    void (*show_manual_section)(void *ctx, GameApiStr section_tag);
    /* Ask the host to redraw soon (e.g. after a state change outside an event). */
    void (*request_redraw)(void *ctx);
    /*
     * A line for the host's log. (Where <math.h> or <tgmath.h> might
     * define `log` as a macro, call it as `(host->log)(host->ctx, line)`.)
     */
    void (*log)(void *ctx, GameApiStr message);
    /*
     * Revision 2: deliver a GAME_API_EVENT_TICK about every
     * `interval_seconds` until asked again; 0 (or less, or not a number)
     * stops the ticks. Only when struct_size >= GAME_API_HOST_SIZE_V2.
     */
    void (*request_tick)(void *ctx, float interval_seconds);
    /*
     * Revision 2: start a new game the way the host's New game does (a
     * fresh seed, on the undo chain), e.g. from the game's own key. Only
     * when struct_size >= GAME_API_HOST_SIZE_V2.
     */
    void (*request_new_game)(void *ctx);
    /*
     * Revision 3: from now on, send the input events whose
     * GAME_API_INPUT_* bits are set in `kinds` (and no longer those whose
     * bits are clear). Only when struct_size >= GAME_API_HOST_SIZE_V3.
     */
    void (*request_input)(void *ctx, uint32_t kinds);
    /*
     * Revision 3: writes to `out` the path of the directory this game may
     * keep its own files in (high scores, settings), created on this first
     * call, as UTF-8 (not NUL-terminated); empty when the host keeps none.
     * The string stays valid for the life of the game instance. Only when
     * struct_size >= GAME_API_HOST_SIZE_V3.
     */
    void (*data_dir)(void *ctx, GameApiStr *out);
    /*
     * Revision 5: asks the player to choose a file of `kind` (a
     * GAME_API_FILE_KIND_* constant) in the launcher's own file dialog.
     * Only in answer to the player (during `handle_event` of a press,
     * release, key or double click, or during `invoke_action`), one dialog
     * at a time; the answer comes later through the table's `file_chosen`
     * (chosen, cancelled, or refused with the reason). Only when
     * struct_size >= GAME_API_HOST_SIZE_V5.
     */
    void (*choose_file)(void *ctx, uint32_t kind);
    /*
     * Revision 5: with `fill` nonzero, the canvas is laid out to the window:
     * the host calls the table's `layout` with the size it has (now, and
     * whenever it changes) and shows the canvas unscaled; the window never
     * resizes itself to the canvas. With 0, the canvas is scaled to the
     * window again. Only when struct_size >= GAME_API_HOST_SIZE_V5.
     */
    void (*request_layout)(void *ctx, uint8_t fill);
    /*
     * Revision 5: the pointer's shape over the canvas (and during a drag
     * that began on it), a GAME_API_CURSOR_* constant, until asked again;
     * an unknown one is the default arrow. Only when struct_size >=
     * GAME_API_HOST_SIZE_V5.
     */
    void (*set_cursor)(void *ctx, uint32_t cursor);
    /*
     * Revision 5: writes to `milliseconds` the time the player has played
     * the current game, as the host counts it for its statistics: from the
     * game's start (or New game), paused while its window is minimised and
     * once the game is over. Only when struct_size >= GAME_API_HOST_SIZE_V5.
     */
    void (*play_time)(void *ctx, uint64_t *milliseconds);
} GameApiHost;

/* sizeof(GameApiHost) of a revision-1 host. */
#define GAME_API_HOST_SIZE_V1 ((uint32_t)offsetof(GameApiHost, request_tick))
/*
 * sizeof(GameApiHost) of a revision-2 host: from this size on, a host
 * offers ticks and new games and fills the revision-2 event fields.
 */
#define GAME_API_HOST_SIZE_V2 ((uint32_t)offsetof(GameApiHost, request_input))
/*
 * sizeof(GameApiHost) of a revision-3 host: from this size on, a host
 * offers `request_input` and `data_dir` and fills GameApiEvent.delta.
 */
#define GAME_API_HOST_SIZE_V3 ((uint32_t)offsetof(GameApiHost, choose_file))
/*
 * sizeof(GameApiHost) of a revision-5 host: from this size on, a host
 * offers `choose_file` (revision 4 added nothing to the host).
 */
#define GAME_API_HOST_SIZE_V5 ((uint32_t)sizeof(GameApiHost))

/* ------------------------------------------------------------------------
 * Files the player chooses (revision 5)
 * ------------------------------------------------------------------------ */

/* Pointer shape (revision 5, `set_cursor`): the default arrow. */
#define GAME_API_CURSOR_DEFAULT 0u
/* Pointer shape: a pointing hand (something to click). */
#define GAME_API_CURSOR_POINTING_HAND 1u
/* Pointer shape: an open hand (something to drag). */
#define GAME_API_CURSOR_GRAB 2u
/* Pointer shape: a closed hand (something being dragged). */
#define GAME_API_CURSOR_GRABBING 3u
/* Pointer shape: not allowed (a drop refused here). */
#define GAME_API_CURSOR_NOT_ALLOWED 4u

/*
 * File kind: a picture, PNG or JPEG. Kinds are only ever added; a host
 * refuses a kind it does not know.
 */
#define GAME_API_FILE_KIND_PICTURE 1u

/* GameApiFileChoice.status: the player chose a file; `name` and `bytes` hold it. */
#define GAME_API_FILE_CHOSEN 0u
/* GameApiFileChoice.status: the player closed the dialog without choosing. */
#define GAME_API_FILE_CANCELLED 1u
/*
 * GameApiFileChoice.status: the launcher refused the request (not in answer
 * to the player, a dialog already open, an unknown kind) or could not read
 * the chosen file (too large, not a regular file); `message` says why.
 */
#define GAME_API_FILE_REFUSED 2u

/*
 * The answer to `choose_file`, given to the table's `file_chosen`. Every
 * string and the bytes are the host's, valid during that call only: copy
 * what you keep.
 */
typedef struct GameApiFileChoice {
    /* One of GAME_API_FILE_CHOSEN, _CANCELLED, _REFUSED. */
    uint32_t status;
    /* The GAME_API_FILE_KIND_* the game asked for. */
    uint32_t kind;
    /* The chosen file's name, without its folder ("holiday.png"). */
    GameApiStr name;
    /* The chosen file's bytes, as they are on disk. */
    GameApiBytes bytes;
    /* Why the request was refused (empty otherwise), for the player. */
    GameApiStr message;
} GameApiFileChoice;

/* ------------------------------------------------------------------------
 * Outcomes and status codes
 * ------------------------------------------------------------------------ */

/* Outcome state: the game is going on. */
#define GAME_API_OUTCOME_PLAYING 0u
/* Outcome state: the player won. */
#define GAME_API_OUTCOME_WON 1u
/* Outcome state: the player lost. */
#define GAME_API_OUTCOME_LOST 2u

/* How the game stands (revision 2, `outcome`). */
typedef struct GameApiOutcome {
    /* One of the GAME_API_OUTCOME_* constants. */
    uint32_t state;
    /* Nonzero when `score` holds a score. */
    uint8_t has_score;
    /*
     * The score (when `has_score`): higher is better, unless the table's
     * `score_kind` (revision 5) says lower is.
     */
    int64_t score;
} GameApiOutcome;

/* Status code: the call succeeded. */
#define GAME_API_STATUS_OK 0u
/* Status code: the game reported an error; text via `last_error`. */
#define GAME_API_STATUS_ERROR 1u
/*
 * Status code: the game crashed (a Rust game panicked); the message via
 * `last_error`. The host must not call into that instance again except
 * `destroy`.
 */
#define GAME_API_STATUS_PANIC 2u

/* ------------------------------------------------------------------------
 * The game's table
 * ------------------------------------------------------------------------ */

/* Opaque handle to one running game, owned by the game library. */
typedef void *GameApiHandle;

/* Signature of the revision-2 `save` function. */
typedef uint32_t (*GameApiSaveFn)(GameApiHandle game, GameApiBytes *out);
/* Signature of the revision-2 `load` function. */
typedef uint32_t (*GameApiLoadFn)(GameApiHandle game, GameApiBytes bytes);
/* Signature of the revision-2 `new_game` function. */
typedef uint32_t (*GameApiNewGameFn)(GameApiHandle game, uint64_t seed);
/* Signature of the revision-2 `game_id` function. */
typedef uint32_t (*GameApiGameIdFn)(GameApiHandle game, GameApiStr *out);
/* Signature of the revision-2 `from_game_id` function. */
typedef uint32_t (*GameApiFromGameIdFn)(GameApiHandle game, GameApiStr id);
/* Signature of the revision-2 `outcome` function. */
typedef uint32_t (*GameApiOutcomeFn)(GameApiHandle game, GameApiOutcome *out);
/* See GameApiTable.region_count and GameApiTable.region (revision 3). */
typedef uint32_t (*GameApiRegionCountFn)(GameApiHandle game, uint32_t *out);
typedef uint32_t (*GameApiRegionFn)(GameApiHandle game, uint32_t index, GameApiRegion *out);
/* See GameApiTable.action_shortcut (revision 3). */
typedef uint32_t (*GameApiActionShortcutFn)(GameApiHandle game, uint32_t index, GameApiStr *out);
/* GameApiTable.outcome_assisted bit: the game helped the player. */
#define GAME_API_OUTCOME_ASSISTED 1u
/* GameApiTable.outcome_assisted bit (revision 6): the game is nobody's, the
 * player did not play it (a record typed in, computers only): the host
 * counts it neither as won nor as lost. */
#define GAME_API_OUTCOME_FOR_NOBODY 2u
/* See GameApiTable.outcome_assisted (revision 4). */
typedef uint32_t (*GameApiOutcomeAssistedFn)(GameApiHandle game, uint32_t *out);
/* GameApiTable.score_kind: a higher score is better. */
#define GAME_API_SCORE_HIGHER_IS_BETTER 0u
/* GameApiTable.score_kind: a lower score is better (moves, seconds). */
#define GAME_API_SCORE_LOWER_IS_BETTER 1u
/* See GameApiTable.score_kind (revision 5). */
typedef uint32_t (*GameApiScoreKindFn)(GameApiHandle game, uint32_t *order, GameApiStr *unit);
/* GameApiTable.outcome_undo: the move may be undone. */
#define GAME_API_UNDO_FREE 0u
/* GameApiTable.outcome_undo: the move cannot be undone (it revealed a card,
 * an opponent's turn): an undo barrier. */
#define GAME_API_UNDO_BARRIER 1u
/* GameApiTable.outcome_undo: the move may be undone, but undoing it helps. */
#define GAME_API_UNDO_ASSISTS 2u
/* See GameApiTable.outcome_undo (revision 6). */
typedef uint32_t (*GameApiOutcomeUndoFn)(GameApiHandle game, uint32_t *out);
/* See GameApiTable.layout (revision 5). */
typedef uint32_t (*GameApiLayoutFn)(GameApiHandle game, GameApiPoint size, uint8_t *redraw);
/* See GameApiTable.file_chosen (revision 5). */
typedef uint32_t (*GameApiFileChosenFn)(GameApiHandle game, const GameApiFileChoice *choice,
                                        uint8_t *redraw);

/*
 * The table a game library exports through game_api_entry.
 *
 * The first two fields are the header: the host reads them, and nothing
 * else, before it has checked that both match its own. Every function but
 * `last_error` returns a GAME_API_STATUS_* code; on GAME_API_STATUS_ERROR the
 * host asks `last_error` for the message. Every function of revision 1 must
 * be there (non-NULL); the host refuses a table that lacks one.
 */
typedef struct GameApiTable {
    /* The library's GAME_API_ABI_VERSION. */
    uint32_t abi_version;
    /* sizeof(GameApiTable) in the library: GAME_API_TABLE_SIZE. */
    uint32_t table_size;
    /*
     * Starts a game. On success writes the handle to `out`. `host` is NULL
     * or the host's services, valid until `destroy`.
     */
    uint32_t (*create)(const GameApiHost *host, GameApiHandle *out);
    /* Ends a game and frees it. The handle is invalid afterwards. */
    uint32_t (*destroy)(GameApiHandle game);
    /* The canvas size the game wants, in canvas pixels. */
    uint32_t (*canvas_size)(GameApiHandle game, GameApiPoint *out);
    /* The window title (valid until the next call). */
    uint32_t (*title)(GameApiHandle game, GameApiStr *out);
    /* The status line shown under the canvas (valid until the next call). */
    uint32_t (*status)(GameApiHandle game, GameApiStr *out);
    /* Draws the whole canvas through the host's painter. */
    uint32_t (*draw)(GameApiHandle game, const GameApiPainter *painter);
    /* Handles one event; writes 1 to `redraw` if the canvas changed, else 0. */
    uint32_t (*handle_event)(GameApiHandle game, const GameApiEvent *event, uint8_t *redraw);
    /* How many actions the game offers now. */
    uint32_t (*action_count)(GameApiHandle game, uint32_t *out);
    /*
     * Describes action number `index` (below the last `action_count`); its
     * strings stay valid until the next call.
     */
    uint32_t (*action)(GameApiHandle game, uint32_t index, GameApiAction *out);
    /*
     * Invokes an action by id with a value (text, chosen option, or empty);
     * writes 1 to `redraw` if the canvas changed, else 0.
     */
    uint32_t (*invoke_action)(GameApiHandle game, GameApiStr id, GameApiStr value,
                              uint8_t *redraw);
    /*
     * The message of the last failed call on this thread, valid until the
     * next call into the game on this thread (the host copies it at once).
     */
    void (*last_error)(GameApiStr *out);

    /* Revision 2. Each may be NULL (absent): the host then does without. */

    /*
     * Writes the game's whole state as bytes (valid until the next call).
     * With `load`, the host gives the game undo, redo, restart and resume.
     */
    GameApiSaveFn save;
    /*
     * Replaces the game's state with bytes `save` wrote (perhaps by an
     * older build of the game, perhaps damaged: refuse what you cannot read
     * with GAME_API_STATUS_ERROR, and keep the state you had).
     */
    GameApiLoadFn load;
    /* Starts a new game from `seed`; the same seed gives the same game. */
    GameApiNewGameFn new_game;
    /*
     * The ID of the game being played (to replay or share it), valid until
     * the next call.
     */
    GameApiGameIdFn game_id;
    /*
     * Starts the game a player typed the ID of; GAME_API_STATUS_ERROR with a
     * message for the player when the ID is not one.
     */
    GameApiFromGameIdFn from_game_id;
    /* Whether the game is won, lost or going on, with an optional score. */
    GameApiOutcomeFn outcome;

    /* Revision 3. May be NULL (absent). */
    /*
     * The keyboard shortcut of control `index` of the list the last
     * `action_count` described: a key name ("h", "F2", "Enter"), or empty
     * for none. The host shows it beside the control and invokes the
     * control when the key is pressed without Ctrl, Alt or Command (the key
     * then does not reach `handle_event`); it cycles a choice.
     */
    GameApiActionShortcutFn action_shortcut;
    /*
     * Snapshots the canvas's labelled regions (for screen readers and tests)
     * and writes how many there are; `region(i)` describes region `i` of
     * that snapshot.
     */
    GameApiRegionCountFn region_count;
    GameApiRegionFn region;

    /* Revision 4. May be NULL (absent: never assisted). */
    /*
     * Writes GAME_API_OUTCOME_ASSISTED (1) when the game helped the player
     * towards the outcome `outcome` describes (a hint, a solver playing for
     * them): the host counts such a win apart, and it sets no record; or
     * GAME_API_OUTCOME_FOR_NOBODY (revision 6) when the player did not play
     * the game: the host counts it for nobody; else 0.
     */
    GameApiOutcomeAssistedFn outcome_assisted;

    /* Revision 5. May be NULL (absent: the game never asks for files). */
    /*
     * The answer to the host's `choose_file`: the file the player chose, or
     * that they cancelled, or why the launcher refused. Writes 1 to
     * `redraw` if the canvas changed.
     */
    GameApiFileChosenFn file_chosen;
    /*
     * After the game asked with the host's `request_layout`: the size the
     * canvas has, in canvas pixels (the window's logical pixels), each side
     * at least 1. The game lays itself out to it, and its `canvas_size`
     * answers it from now on. Writes 1 to `redraw` if the canvas changed
     * (the host draws it again anyway).
     */
    GameApiLayoutFn layout;
    /*
     * How the game's scores compare: writes GAME_API_SCORE_HIGHER_IS_BETTER
     * or GAME_API_SCORE_LOWER_IS_BETTER to `order`, and to `unit` what a
     * score counts ("moves", or empty), valid until the next call. Asked
     * once, as the game starts; NULL: higher is better, no unit.
     */
    GameApiScoreKindFn score_kind;

    /* Revision 6. May be NULL (absent: every move may be undone). */
    /*
     * What undoing the change that reached the position `outcome` describes
     * would mean: writes GAME_API_UNDO_FREE, GAME_API_UNDO_BARRIER (it
     * revealed something: Undo and Restart stop at this position) or
     * GAME_API_UNDO_ASSISTS (undoing it counts as help). Read after each
     * move.
     */
    GameApiOutcomeUndoFn outcome_undo;
} GameApiTable;

/* The part of GameApiTable every ABI version shares. */
typedef struct GameApiTableHeader {
    /* See GameApiTable.abi_version. */
    uint32_t abi_version;
    /* See GameApiTable.table_size. */
    uint32_t table_size;
} GameApiTableHeader;

/*
 * sizeof(GameApiTable) as a uint32_t, for the header: the size of a table
 * of this revision.
 */
#define GAME_API_TABLE_SIZE ((uint32_t)sizeof(GameApiTable))

/* The size of a revision-1 table, the smallest the host accepts. */
#define GAME_API_TABLE_SIZE_V1 ((uint32_t)offsetof(GameApiTable, save))

/* ------------------------------------------------------------------------
 * The entry point
 * ------------------------------------------------------------------------ */

/* The signature of GAME_API_ENTRY_SYMBOL: returns the library's static table. */
typedef const GameApiTable *(*GameApiEntryFn)(void);

/* Makes a function visible outside the library, even with -fvisibility=hidden. */
#if defined(_WIN32) || defined(__CYGWIN__)
#define GAME_API_EXPORT __declspec(dllexport)
#elif defined(__GNUC__) || defined(__clang__)
#define GAME_API_EXPORT __attribute__((visibility("default")))
#else
#define GAME_API_EXPORT
#endif

/*
 * The one symbol the host looks up after loading the library: define it
 * once in the game, returning a table in static storage that lives as long
 * as the library (libraries are never unloaded):
 *
 *     static const GameApiTable TABLE = { GAME_API_ABI_VERSION,
 *                                         GAME_API_TABLE_SIZE, ... };
 *     GAME_API_EXPORT const GameApiTable *game_api_entry(void) { return &TABLE; }
 */
GAME_API_EXPORT const GameApiTable *game_api_entry(void);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* GAME_API_H */
