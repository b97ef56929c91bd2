//! # GCalc
//!
//! A visual lambda-calculus (the original console's "not really a game",
//! seed 004 §1.19): cubes whose faces carry colours, composed along three
//! axes, abstracted over a colour (drawn as a circle of that colour) and
//! applied to each other.
//!
//! The rules, free of any user interface:
//!
//! * [`expr`]: the cube expressions as the original models them, and a text
//!   notation for saves and tests;
//! * [`eval`]: the evaluator, one reduction step at a time, with a step limit
//!   so that a runaway (the Y combinator) stops;
//! * [`ops`]: the working panel's operations (drops on the eight
//!   operation cells, their right clicks, abstraction);
//! * [`storage`]: the storage area (forty cells, named cubes) and its text
//!   form;
//! * [`example`]: the project's own example storage (Church numerals,
//!   arithmetic, booleans, pairs, lists, a Y combinator);
//! * [`draw`]: a cube drawn in 3-D (oblique projection) with the painter.
//!
//! And the game on the launcher's canvas:
//!
//! * [`layout`]: the original's three panels laid out to the canvas;
//! * [`prefs`]: the preferences (the original's, the step limit, the speed);
//! * [`game`]: the window (cells, drags, right clicks, the operations menu,
//!   evaluation on ticks, the storage kept in the data directory, undo
//!   through the launcher's midend).

#![warn(missing_docs)]

pub mod draw;
pub mod eval;
pub mod example;
pub mod expr;
pub mod game;
pub mod layout;
pub mod ops;
pub mod prefs;
pub mod storage;

pub use eval::{Evaluation, Settings, Stop, evaluate};
pub use expr::{Axis, Colour, Expr, Kind, Op, ParseError};
pub use game::GCalc;
pub use storage::{Entry, Storage};

game_api::export_game!(GCalc, save);
