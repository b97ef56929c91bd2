//! The console's checks on what a game process answers.
//!
//! The game process runs its game through `game_api::host::GameInstance`,
//! which already caps texts, refuses bad canvas sizes and drops shapes that
//! break a frame's limits. But the game's code runs in that process too and
//! could write to the pipe itself, so the console checks again that every
//! answer keeps those limits. An answer that does not is a breach of the
//! protocol: the console ends the process and says so, rather than draw what
//! no honest game process could have sent.

use crate::protocol::{Answer, Frame, Notification};
use game_api::host::{
    MAX_ACTIONS, MAX_CANVAS_SIDE, MAX_CONTROL_LABEL_CHARS, MAX_COORDINATE, MAX_KEPT_POSITION_BYTES,
    MAX_PICTURE_BYTES_PER_FRAME, MAX_PICTURE_SIDE, MAX_POINTS_PER_FRAME, MAX_POLYGON_POINTS,
    MAX_REGION_LABEL_BYTES, MAX_REGIONS, MAX_SAVE_BYTES, MAX_SHAPES_PER_FRAME, MAX_TEXT_BYTES,
    MAX_TEXT_BYTES_PER_FRAME, picture_path_ok,
};
use game_api::{ActionKind, PictureSource, Point, Shape};

/// The most notes (one per function of the game) an answer carries.
const MAX_NOTES: usize = 64;
/// The longest text an honest game process sends: the host reads at most
/// [`MAX_TEXT_BYTES`] of a game's text, and each byte that is not UTF-8
/// becomes U+FFFD, three bytes long.
const MAX_SENT_TEXT: usize = 3 * MAX_TEXT_BYTES;
/// The most options of one choice (one text, split at line breaks).
const MAX_OPTIONS: usize = MAX_SENT_TEXT + 1;

/// What is wrong with an answer, if anything.
pub fn check_answer(answer: &Answer) -> Result<(), String> {
    match answer {
        Answer::CanvasSize(size) => {
            let ok = |v: f32| v.is_finite() && (1.0..=MAX_CANVAS_SIDE).contains(&v);
            if ok(size.x) && ok(size.y) {
                Ok(())
            } else {
                Err(format!("a canvas of {} × {}", size.x, size.y))
            }
        }
        Answer::Text(text) => check_text(text),
        Answer::Frame(frame) => check_frame(frame),
        Answer::Response(_) | Answer::Done | Answer::Outcome(_) => Ok(()),
        Answer::ScoreKind(kind) if kind.unit.len() > 128 || kind.unit.contains(['\n', '\r']) => {
            Err(format!("a score unit of {} bytes", kind.unit.len()))
        }
        Answer::ScoreKind(_) => Ok(()),
        Answer::Actions(actions) => {
            if actions.len() > MAX_ACTIONS as usize {
                return Err(format!("{} controls", actions.len()));
            }
            for action in actions {
                check_text(&action.id)?;
                check_text(&action.label)?;
                let chars = action.label.chars().count();
                if chars > MAX_CONTROL_LABEL_CHARS {
                    return Err(format!("a control's label of {chars} characters"));
                }
                if let Some(key) = &action.shortcut
                    && !game_api::keys::is_key_name(key)
                {
                    return Err(format!("the shortcut {key:?}, which is not a key name"));
                }
                match &action.kind {
                    ActionKind::Button => {}
                    ActionKind::Text { value } => check_text(value)?,
                    ActionKind::Choice { options, selected } => {
                        if options.len() > MAX_OPTIONS {
                            return Err(format!("a choice of {} options", options.len()));
                        }
                        check_text(selected)?;
                        options.iter().try_for_each(|o| check_text(o))?;
                    }
                }
            }
            Ok(())
        }
        Answer::Regions(regions) => {
            if regions.len() > MAX_REGIONS as usize {
                return Err(format!("{} regions", regions.len()));
            }
            for region in regions {
                check_text(&region.label)?;
                check_numbers(&[region.min.x, region.min.y, region.size.x, region.size.y])?;
            }
            let labels: usize = regions.iter().map(|r| r.label.len()).sum();
            if labels > MAX_REGION_LABEL_BYTES {
                return Err(format!("region labels of {labels} bytes in all"));
            }
            Ok(())
        }
        // A state the console would not keep is sent as its size only.
        Answer::Bytes(bytes) if bytes.len() > MAX_KEPT_POSITION_BYTES => {
            Err(format!("a saved state of {} bytes", bytes.len()))
        }
        Answer::Bytes(_) => Ok(()),
        Answer::SaveTooLarge(bytes)
            if !(MAX_KEPT_POSITION_BYTES as u64 + 1..=MAX_SAVE_BYTES as u64).contains(bytes) =>
        {
            Err(format!(
                "a saved state said to be too large at {bytes} bytes"
            ))
        }
        Answer::SaveTooLarge(_) => Ok(()),
        Answer::Notes(notes) => check_notes(notes),
        // Made whole before any check (`crate::repeats`).
        Answer::Same | Answer::FrameChange(_) => {
            Err("a change of an answer, not made whole".into())
        }
    }
}

/// What is wrong with a request a game made, if anything.
pub fn check_notification(notification: &Notification) -> Result<(), String> {
    match notification {
        Notification::ShowTextHelp { title: text, .. }
        | Notification::ShowManualSection(text)
        | Notification::Log(text) => check_text(text),
        Notification::RequestTicks(Some(seconds)) if !(seconds.is_finite() && *seconds > 0.0) => {
            Err(format!("ticks every {seconds} seconds"))
        }
        Notification::RequestTicks(_)
        | Notification::RequestRedraw
        | Notification::RequestInput(_)
        | Notification::RequestNewGame
        | Notification::ChooseFile(_)
        | Notification::RequestLayout(_)
        | Notification::SetCursor(_) => Ok(()),
    }
}

fn check_text(text: &str) -> Result<(), String> {
    if text.len() > MAX_SENT_TEXT {
        Err(format!("a text of {} bytes", text.len()))
    } else {
        Ok(())
    }
}

fn check_notes(notes: &[String]) -> Result<(), String> {
    if notes.len() > MAX_NOTES {
        return Err(format!("{} notes", notes.len()));
    }
    notes.iter().try_for_each(|n| check_text(n))
}

fn check_numbers(numbers: &[f32]) -> Result<(), String> {
    match numbers
        .iter()
        .find(|v| !(v.is_finite() && v.abs() <= MAX_COORDINATE))
    {
        Some(v) => Err(format!("a shape or region at the coordinate {v}")),
        None => Ok(()),
    }
}

fn check_points(points: &[Point]) -> Result<(), String> {
    let numbers: Vec<f32> = points.iter().flat_map(|p| [p.x, p.y]).collect();
    check_numbers(&numbers)
}

fn check_frame(frame: &Frame) -> Result<(), String> {
    check_notes(&frame.notes)?;
    // Clips are not counted as shapes by the host (the frame's size caps them).
    let drawn = frame
        .shapes
        .iter()
        .filter(|s| !matches!(s, Shape::PushClip { .. } | Shape::PopClip))
        .count();
    if drawn > MAX_SHAPES_PER_FRAME {
        return Err(format!("a frame of {drawn} shapes"));
    }
    let (mut points, mut text_bytes, mut pixel_bytes, mut clips) = (0usize, 0usize, 0usize, 0i64);
    for shape in &frame.shapes {
        match shape {
            Shape::Circle { center, radius, .. } => check_numbers(&[center.x, center.y, *radius])?,
            Shape::Ellipse {
                center,
                radius_x,
                radius_y,
                ..
            } => check_numbers(&[center.x, center.y, *radius_x, *radius_y])?,
            Shape::Polygon {
                points: corners, ..
            } => {
                if corners.len() > MAX_POLYGON_POINTS {
                    return Err(format!("a polygon of {} corners", corners.len()));
                }
                points += corners.len();
                check_points(corners)?;
            }
            Shape::Line { from, to, stroke } => {
                check_numbers(&[from.x, from.y, to.x, to.y, stroke.width])?
            }
            Shape::Rect { min, size, .. } | Shape::PushClip { min, size } => {
                check_numbers(&[min.x, min.y, size.x, size.y])?
            }
            Shape::RoundedRect {
                min, size, radius, ..
            } => check_numbers(&[min.x, min.y, size.x, size.y, *radius])?,
            Shape::Text {
                pos,
                font_size,
                text,
                ..
            }
            | Shape::StyledText {
                pos,
                font_size,
                text,
                ..
            } => {
                check_text(text)?;
                text_bytes += text.len();
                check_numbers(&[pos.x, pos.y])?;
                if !(1.0..=512.0).contains(font_size) {
                    return Err(format!("text of size {font_size}"));
                }
            }
            Shape::Picture { source, min, size }
            | Shape::StyledPicture {
                source, min, size, ..
            } => {
                check_numbers(&[min.x, min.y, size.x, size.y])?;
                match source {
                    PictureSource::File(path) if !picture_path_ok(path) => {
                        return Err(format!("the picture path {path:?}"));
                    }
                    PictureSource::File(_) => {}
                    PictureSource::Rgba(pixels) => {
                        if pixels.width > MAX_PICTURE_SIDE || pixels.height > MAX_PICTURE_SIDE {
                            return Err(format!(
                                "a picture of {} × {} pixels",
                                pixels.width, pixels.height
                            ));
                        }
                        pixel_bytes += pixels.rgba.len();
                    }
                }
            }
            Shape::PopClip => {}
        }
        // The host keeps outline widths finite and at most MAX_COORDINATE
        // (a negative one draws nothing).
        if let Some(style) = shape_style(shape)
            && let Some(stroke) = style.stroke
            && !(stroke.width.is_finite() && stroke.width <= MAX_COORDINATE)
        {
            return Err(format!("an outline {} wide", stroke.width));
        }
        match shape {
            Shape::PushClip { .. } => clips += 1,
            Shape::PopClip => clips -= 1,
            _ => {}
        }
        if clips < 0 {
            return Err("a clip popped that was never pushed".into());
        }
    }
    if points > MAX_POINTS_PER_FRAME {
        return Err(format!("a frame of {points} polygon corners"));
    }
    if text_bytes > 3 * MAX_TEXT_BYTES_PER_FRAME {
        return Err(format!("a frame of {text_bytes} bytes of text"));
    }
    if pixel_bytes > MAX_PICTURE_BYTES_PER_FRAME {
        return Err(format!("a frame of {pixel_bytes} bytes of pixels"));
    }
    if clips != 0 {
        return Err("a clip pushed that was never popped".into());
    }
    Ok(())
}

fn shape_style(shape: &Shape) -> Option<game_api::Style> {
    match shape {
        Shape::Circle { style, .. }
        | Shape::Ellipse { style, .. }
        | Shape::Polygon { style, .. }
        | Shape::Rect { style, .. }
        | Shape::RoundedRect { style, .. } => Some(*style),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use game_api::{Action, Rgba, Style};

    fn frame(shapes: Vec<Shape>) -> Answer {
        Answer::Frame(Frame {
            shapes,
            ..Frame::default()
        })
    }

    #[test]
    fn what_an_honest_game_process_sends_passes() {
        let rect = Shape::Rect {
            min: Point::new(0.0, 0.0),
            size: Point::new(10.0, 10.0),
            style: Style::solid(Rgba::rgb(1, 2, 3)),
        };
        let clip = Shape::PushClip {
            min: Point::new(0.0, 0.0),
            size: Point::new(5.0, 5.0),
        };
        assert_eq!(
            check_answer(&frame(vec![clip, rect, Shape::PopClip])),
            Ok(())
        );
        assert_eq!(
            check_answer(&Answer::Actions(vec![
                Action::button("hint", "Hint").with_shortcut("h"),
                Action::choice("size", "Size", [5, 7], 7),
            ])),
            Ok(())
        );
        assert_eq!(
            check_answer(&Answer::CanvasSize(Point::new(8192.0, 1.0))),
            Ok(())
        );
        // A title of 4 KiB that is not UTF-8 arrives three times as long.
        let lossy = String::from_utf8_lossy(&[0xff; MAX_TEXT_BYTES]).into_owned();
        assert_eq!(check_answer(&Answer::Text(lossy)), Ok(()));
        // A weird but allowed outline.
        let negative = Shape::Circle {
            center: Point::new(1.0, 1.0),
            radius: 1.0,
            style: Style {
                fill: None,
                stroke: Some(game_api::Stroke {
                    width: -1.0e30,
                    color: Rgba::rgb(0, 0, 0),
                }),
            },
        };
        assert_eq!(check_answer(&frame(vec![negative])), Ok(()));
        // Issue 41: a save the console keeps crosses; a larger one's size.
        let kept = Answer::Bytes(vec![0; MAX_KEPT_POSITION_BYTES]);
        assert_eq!(check_answer(&kept), Ok(()));
        let size = Answer::SaveTooLarge(MAX_SAVE_BYTES as u64);
        assert_eq!(check_answer(&size), Ok(()));
    }

    #[test]
    fn what_only_a_lying_process_sends_is_refused() {
        let nan = Shape::Circle {
            center: Point::new(f32::NAN, 0.0),
            radius: 1.0,
            style: Style::default(),
        };
        assert!(check_answer(&frame(vec![nan])).is_err());
        assert!(check_answer(&frame(vec![Shape::PopClip])).is_err());
        let text = Shape::Text {
            pos: Point::new(0.0, 0.0),
            anchor: game_api::Anchor::TopLeft,
            font_size: 1e9,
            color: Rgba::rgb(0, 0, 0),
            text: "big".into(),
        };
        assert!(check_answer(&frame(vec![text])).is_err());
        let escape = Shape::Picture {
            source: PictureSource::File("../../etc/secret.png".into()),
            min: Point::new(0.0, 0.0),
            size: Point::new(1.0, 1.0),
        };
        assert!(check_answer(&frame(vec![escape])).is_err());
        // Issue 41: 4,096 labels of 4 KiB (16 MiB); the host cuts them to
        // 256 KiB in all.
        let region = |label: String| {
            game_api::Region::new(label, Point::new(0.0, 0.0), Point::new(1.0, 1.0))
        };
        let long = vec![region("x".repeat(MAX_TEXT_BYTES)); MAX_REGIONS as usize];
        assert!(check_answer(&Answer::Regions(long)).is_err());
        let shares = vec![region("x".repeat(64)); MAX_REGIONS as usize];
        let long = Action::button("long", &"x".repeat(MAX_CONTROL_LABEL_CHARS + 1));
        assert!(check_answer(&Answer::Actions(vec![long])).is_err());
        assert_eq!(check_answer(&Answer::Regions(shares)), Ok(()));
        assert!(check_answer(&Answer::CanvasSize(Point::new(0.0, 10.0))).is_err());
        assert!(check_answer(&Answer::Text("x".repeat(MAX_SENT_TEXT + 1))).is_err());
        let bad_key = Action::button("a", "A").with_shortcut("not a key");
        assert!(check_answer(&Answer::Actions(vec![bad_key])).is_err());
        assert!(check_notification(&Notification::RequestTicks(Some(f32::INFINITY))).is_err());
        // Issue 41: the game process sends a save over 4 MiB as its size,
        // and only such a save's.
        let big = Answer::Bytes(vec![0; MAX_KEPT_POSITION_BYTES + 1]);
        assert!(check_answer(&big).is_err());
        for bytes in [0, MAX_KEPT_POSITION_BYTES, MAX_SAVE_BYTES + 1] {
            assert!(check_answer(&Answer::SaveTooLarge(bytes as u64)).is_err());
        }
    }
}
