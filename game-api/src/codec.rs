//! The whole encoding between game-api's Rust types and the C structs of
//! [`crate::abi`], in both directions. The guest's trampolines and the
//! host's instance both go through here, so one table of numbers decides
//! what each code means.
//!
//! Decoding never fails on an unknown number where a safe default exists
//! (an unknown button is the primary one, an unknown action kind a button,
//! unknown modifier bits are ignored); it fails only where guessing would
//! change what the player did (an unknown event kind).

use crate::abi::{
    self, AbiBytes, AbiStr, RawAction, RawEvent, RawFileChoice, RawOutcome, RawStyle,
};
use crate::{
    Action, ActionKind, Anchor, Button, ChosenFile, Event, FileChoice, FileKind, GameError,
    GameResult, Modifiers, Outcome, Stroke, Style, TRANSPARENT,
};

/// The newline-separated options of a choice (empty for other kinds), which
/// [`action_to_raw`] borrows.
pub(crate) fn action_options(action: &Action) -> String {
    match &action.kind {
        ActionKind::Choice { options, .. } => options.join("\n"),
        _ => String::new(),
    }
}

/// An action as its C struct, borrowing from `action` and its `options`
/// (from [`action_options`]).
pub(crate) fn action_to_raw<'a>(action: &'a Action, options: &'a str) -> RawAction {
    let (kind, value) = match &action.kind {
        ActionKind::Button => (abi::ACTION_BUTTON, ""),
        ActionKind::Text { value } => (abi::ACTION_TEXT, value.as_str()),
        ActionKind::Choice { selected, .. } => (abi::ACTION_CHOICE, selected.as_str()),
    };
    RawAction {
        id: AbiStr::borrow(&action.id),
        label: AbiStr::borrow(&action.label),
        kind,
        value: AbiStr::borrow(value),
        options: AbiStr::borrow(options),
        enabled: action.enabled as u8,
    }
}

/// An empty action struct for the game to fill.
pub(crate) fn empty_raw_action() -> RawAction {
    RawAction {
        id: AbiStr::EMPTY,
        label: AbiStr::EMPTY,
        kind: 0,
        value: AbiStr::EMPTY,
        options: AbiStr::EMPTY,
        enabled: 0,
    }
}

/// The action of a C struct, its strings read by `read` (which copies,
/// caps and decodes them); an unknown kind is a button.
pub(crate) fn action_from_raw(raw: &RawAction, mut read: impl FnMut(AbiStr) -> String) -> Action {
    let value = read(raw.value);
    let kind = match raw.kind {
        abi::ACTION_TEXT => ActionKind::Text { value },
        abi::ACTION_CHOICE => ActionKind::Choice {
            options: read(raw.options).lines().map(str::to_owned).collect(),
            selected: value,
        },
        _ => ActionKind::Button,
    };
    Action {
        id: read(raw.id),
        label: read(raw.label),
        kind,
        enabled: raw.enabled != 0,
        // A separate call (revision 3): see `GameInstance::actions`.
        shortcut: None,
    }
}

/// A button's code.
pub(crate) fn button_to_raw(button: Button) -> u32 {
    match button {
        Button::Primary => 0,
        Button::Secondary => 1,
        Button::Middle => 2,
    }
}

/// The button of a code; unknown codes are the primary button.
pub(crate) fn button_from_raw(raw: u32) -> Button {
    match raw {
        1 => Button::Secondary,
        2 => Button::Middle,
        _ => Button::Primary,
    }
}

/// The `MODIFIER_*` bits of `modifiers`.
pub(crate) fn modifiers_to_raw(modifiers: Modifiers) -> u32 {
    let bit = |held: bool, bit: u32| if held { bit } else { 0 };
    bit(modifiers.shift, abi::MODIFIER_SHIFT)
        | bit(modifiers.ctrl, abi::MODIFIER_CTRL)
        | bit(modifiers.alt, abi::MODIFIER_ALT)
        | bit(modifiers.command, abi::MODIFIER_COMMAND)
}

/// The modifiers of `MODIFIER_*` bits; other bits are ignored.
pub(crate) fn modifiers_from_raw(raw: u32) -> Modifiers {
    Modifiers {
        shift: raw & abi::MODIFIER_SHIFT != 0,
        ctrl: raw & abi::MODIFIER_CTRL != 0,
        alt: raw & abi::MODIFIER_ALT != 0,
        command: raw & abi::MODIFIER_COMMAND != 0,
    }
}

/// A style as its C struct: no fill is a transparent fill, no outline a
/// zero width.
pub(crate) fn style_to_raw(style: Style) -> RawStyle {
    let stroke = style.stroke.unwrap_or(Stroke {
        width: 0.0,
        color: TRANSPARENT,
    });
    RawStyle {
        fill: style.fill.unwrap_or(TRANSPARENT),
        stroke: stroke.color,
        stroke_width: stroke.width,
    }
}

/// The style of a C struct (see [`style_to_raw`]).
pub(crate) fn style_from_raw(raw: RawStyle) -> Style {
    Style {
        fill: (raw.fill.a > 0).then_some(raw.fill),
        stroke: (raw.stroke_width > 0.0 && raw.stroke.a > 0).then_some(Stroke {
            width: raw.stroke_width,
            color: raw.stroke,
        }),
    }
}

/// A text anchor's code.
pub(crate) fn anchor_to_raw(anchor: Anchor) -> u32 {
    match anchor {
        Anchor::TopLeft => abi::ANCHOR_TOP_LEFT,
        Anchor::Top => abi::ANCHOR_TOP,
        Anchor::TopRight => abi::ANCHOR_TOP_RIGHT,
        Anchor::Left => abi::ANCHOR_LEFT,
        Anchor::Center => abi::ANCHOR_CENTER,
        Anchor::Right => abi::ANCHOR_RIGHT,
        Anchor::BottomLeft => abi::ANCHOR_BOTTOM_LEFT,
        Anchor::Bottom => abi::ANCHOR_BOTTOM,
        Anchor::BottomRight => abi::ANCHOR_BOTTOM_RIGHT,
    }
}

/// The anchor of a code; unknown codes are the top-left corner.
pub(crate) fn anchor_from_raw(raw: u32) -> Anchor {
    Anchor::ALL
        .into_iter()
        .find(|a| anchor_to_raw(*a) == raw)
        .unwrap_or(Anchor::TopLeft)
}

/// An event as its C struct, borrowing its key name: valid while `event` is.
pub(crate) fn event_to_raw(event: &Event) -> RawEvent {
    let origin = crate::Point::default();
    let none = Modifiers::NONE;
    let (kind, pos, button, key, modifiers, dt) = match event {
        Event::PointerMove { pos } => (abi::EVENT_POINTER_MOVE, *pos, 0, "", none, 0.0),
        Event::PointerPress {
            pos,
            button,
            modifiers,
        } => (
            abi::EVENT_POINTER_PRESS,
            *pos,
            button_to_raw(*button),
            "",
            *modifiers,
            0.0,
        ),
        Event::PointerRelease {
            pos,
            button,
            modifiers,
        } => (
            abi::EVENT_POINTER_RELEASE,
            *pos,
            button_to_raw(*button),
            "",
            *modifiers,
            0.0,
        ),
        Event::PointerEnter { pos } => (abi::EVENT_POINTER_ENTER, *pos, 0, "", none, 0.0),
        Event::PointerLeave => (abi::EVENT_POINTER_LEAVE, origin, 0, "", none, 0.0),
        Event::KeyPress { key, modifiers } => (
            abi::EVENT_KEY_PRESS,
            origin,
            0,
            key.as_str(),
            *modifiers,
            0.0,
        ),
        Event::KeyRelease { key, modifiers } => (
            abi::EVENT_KEY_RELEASE,
            origin,
            0,
            key.as_str(),
            *modifiers,
            0.0,
        ),
        Event::Tick { dt } => (abi::EVENT_TICK, origin, 0, "", none, *dt),
        Event::Scroll { pos, modifiers, .. } => (abi::EVENT_SCROLL, *pos, 0, "", *modifiers, 0.0),
        Event::DoubleClick {
            pos,
            button,
            modifiers,
        } => (
            abi::EVENT_DOUBLE_CLICK,
            *pos,
            button_to_raw(*button),
            "",
            *modifiers,
            0.0,
        ),
    };
    let delta = match event {
        Event::Scroll { delta, .. } => *delta,
        _ => origin,
    };
    RawEvent {
        kind,
        pos,
        button,
        key: AbiStr::borrow(key),
        modifiers: modifiers_to_raw(modifiers),
        dt,
        delta,
    }
}

/// The event of a C struct from a host of ABI revision `host_revision`:
/// the fields (`modifiers`, `dt` from 2, `delta` from 3) and kinds of later
/// revisions than the host's are not read.
///
/// # Safety
/// `raw.key` must be valid for reads during the call (see [`AbiStr`]).
pub(crate) unsafe fn event_from_raw(
    raw: &RawEvent,
    host_revision: u32,
) -> Result<Event, GameError> {
    let revision_2 = host_revision >= 2;
    let revision_3 = host_revision >= 3;
    // SAFETY: the caller's promise.
    let key = || unsafe { raw.key.to_string_lossy(256) }.0;
    let button = button_from_raw(raw.button);
    let pos = raw.pos;
    let modifiers = if revision_2 {
        modifiers_from_raw(raw.modifiers)
    } else {
        Modifiers::NONE
    };
    Ok(match raw.kind {
        abi::EVENT_POINTER_MOVE => Event::PointerMove { pos },
        abi::EVENT_POINTER_PRESS => Event::PointerPress {
            pos,
            button,
            modifiers,
        },
        abi::EVENT_POINTER_RELEASE => Event::PointerRelease {
            pos,
            button,
            modifiers,
        },
        abi::EVENT_POINTER_ENTER => Event::PointerEnter { pos },
        abi::EVENT_POINTER_LEAVE => Event::PointerLeave,
        abi::EVENT_KEY_PRESS => Event::KeyPress {
            key: key(),
            modifiers,
        },
        abi::EVENT_KEY_RELEASE => Event::KeyRelease {
            key: key(),
            modifiers,
        },
        abi::EVENT_TICK if revision_2 => Event::Tick {
            dt: if raw.dt.is_finite() {
                raw.dt.max(0.0)
            } else {
                0.0
            },
        },
        abi::EVENT_SCROLL if revision_3 => {
            let finite = |v: f32| if v.is_finite() { v } else { 0.0 };
            Event::Scroll {
                pos,
                delta: crate::Point::new(finite(raw.delta.x), finite(raw.delta.y)),
                modifiers,
            }
        }
        abi::EVENT_DOUBLE_CLICK if revision_3 => Event::DoubleClick {
            pos,
            button,
            modifiers,
        },
        other => return Err(GameError(format!("unknown event kind {other}"))),
    })
}

/// An outcome as its C struct.
pub(crate) fn outcome_to_raw(outcome: Outcome) -> RawOutcome {
    RawOutcome {
        state: match outcome.result {
            GameResult::Playing => abi::OUTCOME_PLAYING,
            GameResult::Won => abi::OUTCOME_WON,
            GameResult::Lost => abi::OUTCOME_LOST,
        },
        has_score: outcome.score.is_some() as u8,
        score: outcome.score.unwrap_or(0),
    }
}

/// An undo rule as its `UNDO_*` code.
pub(crate) fn undo_rule_to_raw(rule: crate::UndoRule) -> u32 {
    match rule {
        crate::UndoRule::Free => abi::UNDO_FREE,
        crate::UndoRule::Barrier => abi::UNDO_BARRIER,
        crate::UndoRule::Assists => abi::UNDO_ASSISTS,
    }
}

/// The undo rule of an `UNDO_*` code; `None` for an unknown one.
pub(crate) fn undo_rule_from_raw(raw: u32) -> Option<crate::UndoRule> {
    Some(match raw {
        abi::UNDO_FREE => crate::UndoRule::Free,
        abi::UNDO_BARRIER => crate::UndoRule::Barrier,
        abi::UNDO_ASSISTS => crate::UndoRule::Assists,
        _ => return None,
    })
}

/// The outcome of a C struct; `None` for an unknown state.
pub(crate) fn outcome_from_raw(raw: RawOutcome) -> Option<Outcome> {
    let result = match raw.state {
        abi::OUTCOME_PLAYING => GameResult::Playing,
        abi::OUTCOME_WON => GameResult::Won,
        abi::OUTCOME_LOST => GameResult::Lost,
        _ => return None,
    };
    Some(Outcome {
        result,
        score: (raw.has_score != 0).then_some(raw.score),
        // Separate calls (revisions 4 and 6): see `GameInstance::outcome`.
        assisted: false,
        for_nobody: false,
        undo: crate::UndoRule::Free,
    })
}

/// A file choice as its C struct, borrowing its strings and bytes: valid
/// while `choice` is.
pub(crate) fn file_choice_to_raw(choice: &FileChoice) -> RawFileChoice {
    let none = RawFileChoice {
        status: abi::FILE_CANCELLED,
        kind: 0,
        name: AbiStr::EMPTY,
        bytes: AbiBytes::EMPTY,
        message: AbiStr::EMPTY,
    };
    match choice {
        FileChoice::Chosen(file) => RawFileChoice {
            status: abi::FILE_CHOSEN,
            kind: file.kind.to_raw(),
            name: AbiStr::borrow(&file.name),
            bytes: AbiBytes::borrow(&file.bytes),
            ..none
        },
        FileChoice::Cancelled(kind) => RawFileChoice {
            kind: kind.to_raw(),
            ..none
        },
        FileChoice::Refused(why) => RawFileChoice {
            status: abi::FILE_REFUSED,
            message: AbiStr::borrow(why),
            ..none
        },
    }
}

/// The file choice of a C struct; an error for a status or kind this
/// build does not know, or more bytes than `max_bytes`.
///
/// # Safety
/// The struct's strings and bytes must be valid for reads during the call.
pub(crate) unsafe fn file_choice_from_raw(
    raw: &RawFileChoice,
    max_bytes: usize,
) -> Result<FileChoice, GameError> {
    let kind = || {
        FileKind::from_raw(raw.kind)
            .ok_or_else(|| GameError(format!("unknown file kind {}", raw.kind)))
    };
    Ok(match raw.status {
        abi::FILE_CHOSEN => {
            // SAFETY: the caller's promise.
            let bytes = unsafe { raw.bytes.to_vec(max_bytes) }
                .ok_or_else(|| GameError("the chosen file is too large".into()))?;
            FileChoice::Chosen(ChosenFile {
                kind: kind()?,
                // SAFETY: the caller's promise.
                name: unsafe { raw.name.to_string_lossy(4096) }.0,
                bytes,
            })
        }
        abi::FILE_CANCELLED => FileChoice::Cancelled(kind()?),
        // SAFETY: the caller's promise.
        abi::FILE_REFUSED => FileChoice::Refused(unsafe { raw.message.to_string_lossy(4096) }.0),
        other => return Err(GameError(format!("unknown file choice status {other}"))),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Point;

    #[test]
    fn every_event_survives_the_round_trip() {
        let shift_ctrl = Modifiers {
            shift: true,
            ctrl: true,
            ..Modifiers::NONE
        };
        let events = [
            Event::PointerMove {
                pos: Point::new(1.0, 2.0),
            },
            Event::PointerPress {
                pos: Point::new(3.0, 4.0),
                button: Button::Secondary,
                modifiers: shift_ctrl,
            },
            Event::PointerRelease {
                pos: Point::new(5.0, 6.0),
                button: Button::Middle,
                modifiers: Modifiers::NONE,
            },
            Event::PointerEnter {
                pos: Point::new(7.0, 8.0),
            },
            Event::PointerLeave,
            Event::KeyPress {
                key: "z".into(),
                modifiers: Modifiers {
                    command: true,
                    alt: true,
                    ..Modifiers::NONE
                },
            },
            Event::KeyRelease {
                key: "Enter".into(),
                modifiers: Modifiers::NONE,
            },
            Event::Tick { dt: 0.25 },
            Event::Scroll {
                pos: Point::new(9.0, 10.0),
                delta: Point::new(0.0, -40.0),
                modifiers: Modifiers {
                    ctrl: true,
                    ..Modifiers::NONE
                },
            },
            Event::DoubleClick {
                pos: Point::new(11.0, 12.0),
                button: Button::Primary,
                modifiers: Modifiers::NONE,
            },
        ];
        for event in events {
            let raw = event_to_raw(&event);
            // SAFETY: the key borrows from `event`, alive here.
            let back = unsafe { event_from_raw(&raw, 3) }.expect("a known kind");
            assert_eq!(back, event);
        }
    }

    #[test]
    fn a_revision_1_host_sends_no_modifiers_and_no_ticks() {
        let shift_a = Event::KeyPress {
            key: "a".into(),
            modifiers: Modifiers::SHIFT,
        };
        let mut raw = event_to_raw(&shift_a);
        // SAFETY: the key borrows from `shift_a`, alive here.
        let event = unsafe { event_from_raw(&raw, 1) }.unwrap();
        assert_eq!(
            event,
            Event::KeyPress {
                key: "a".into(),
                modifiers: Modifiers::NONE
            }
        );
        raw.kind = abi::EVENT_TICK;
        // SAFETY: as above.
        assert!(unsafe { event_from_raw(&raw, 1) }.is_err());
        // A scroll is not read from a host older than revision 3.
        raw.kind = abi::EVENT_SCROLL;
        // SAFETY: as above.
        assert!(unsafe { event_from_raw(&raw, 2) }.is_err());
    }

    #[test]
    fn every_file_choice_survives_the_round_trip() {
        let choices = [
            FileChoice::Chosen(ChosenFile {
                kind: FileKind::Picture,
                name: "holiday.png".into(),
                bytes: vec![0x89, b'P', b'N', b'G'],
            }),
            FileChoice::Cancelled(FileKind::Picture),
            FileChoice::Refused("a dialog is open already".into()),
        ];
        for choice in choices {
            let raw = file_choice_to_raw(&choice);
            // SAFETY: the raw struct borrows from `choice`, alive here.
            let back = unsafe { file_choice_from_raw(&raw, 1024) }.expect("known codes");
            assert_eq!(back, choice);
        }
        let big = FileChoice::Chosen(ChosenFile {
            kind: FileKind::Picture,
            name: "big.png".into(),
            bytes: vec![0; 10],
        });
        let raw = file_choice_to_raw(&big);
        // SAFETY: as above.
        assert!(unsafe { file_choice_from_raw(&raw, 9) }.is_err());
        let unknown = RawFileChoice {
            kind: 77,
            ..file_choice_to_raw(&FileChoice::Cancelled(FileKind::Picture))
        };
        // SAFETY: no strings to read.
        assert!(unsafe { file_choice_from_raw(&unknown, 9) }.is_err());
    }

    #[test]
    fn every_action_kind_survives_the_round_trip() {
        let actions = [
            Action::button("new", "New game"),
            Action {
                id: "id".into(),
                label: "Game ID".into(),
                kind: ActionKind::Text {
                    value: "11:abc".into(),
                },
                enabled: false,
                shortcut: None,
            },
            Action::choice("size", "Size", [5, 7], 7),
        ];
        for action in actions {
            let options = action_options(&action);
            let raw = action_to_raw(&action, &options);
            // SAFETY: the strings borrow from `action` and `options`, alive here.
            let back = action_from_raw(&raw, |s| unsafe { s.to_string_lossy(1024) }.0);
            assert_eq!(back, action);
        }
    }

    #[test]
    fn outcomes_and_unknown_codes() {
        for outcome in [
            Outcome::PLAYING,
            Outcome::won(),
            Outcome::lost().with_score(-3),
            Outcome::won().with_score(120),
        ] {
            assert_eq!(outcome_from_raw(outcome_to_raw(outcome)), Some(outcome));
        }
        let unknown = RawOutcome {
            state: 9,
            ..RawOutcome::default()
        };
        assert_eq!(outcome_from_raw(unknown), None);
        assert_eq!(button_from_raw(77), Button::Primary);
        assert_eq!(modifiers_from_raw(0xF0), Modifiers::NONE);
        assert_eq!(anchor_from_raw(9), Anchor::TopLeft);
    }

    #[test]
    fn every_anchor_round_trips_with_its_own_code() {
        let codes: std::collections::BTreeSet<u32> =
            Anchor::ALL.into_iter().map(anchor_to_raw).collect();
        assert_eq!(codes, (0..9).collect());
        for anchor in Anchor::ALL {
            assert_eq!(anchor_from_raw(anchor_to_raw(anchor)), anchor);
        }
        // The codes of revision 1 keep their meaning.
        assert_eq!(anchor_to_raw(Anchor::TopLeft), 0);
        assert_eq!(anchor_to_raw(Anchor::Center), 1);
    }
}
