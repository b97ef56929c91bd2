//! The preferences: the original's (evaluate on application, depth limit,
//! drawing cutoff, split arguments, colours as functions) and this
//! version's own (the step limit that stops a runaway, and how fast the
//! steps are shown). They are kept in `settings.txt` in the game's data
//! directory ([`game_api::Host::data_dir`]):
//!
//! ```text
//! evaluate-on-application yes
//! depth 18
//! cutoff 8
//! split-args no
//! colour-ops no
//! step-limit 1000
//! speed fast
//! ```
//!
//! Unknown lines and values not offered are ignored, and a missing or
//! damaged file gives the defaults: a preference is never worth an error.

use std::path::Path;
use std::time::Duration;

use crate::eval::Settings;

/// The file's name in the game's data directory.
pub const FILE_NAME: &str = "settings.txt";

/// The depth limits offered (`None`: off). The original's default is 18.
pub const DEPTHS: [Option<u32>; 7] = [
    None,
    Some(6),
    Some(12),
    Some(18),
    Some(30),
    Some(50),
    Some(100),
];

/// The drawing cutoffs offered, in pixels. The original's default is 8;
/// nothing finer than 4 is offered, so that a frame of forty finely divided
/// cubes stays within what the launcher draws.
pub const CUTOFFS: [u32; 4] = [4, 8, 16, 32];

/// The step limits offered.
pub const STEP_LIMITS: [usize; 4] = [100, 1_000, 10_000, 100_000];

/// How fast an evaluation's steps are shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Speed {
    /// One step every quarter of a second.
    StepByStep,
    /// Twenty steps every 40 milliseconds.
    Fast,
    /// As many steps as a frame allows (2,000), every frame.
    AtOnce,
}

impl Speed {
    /// Every speed, slowest first.
    pub const ALL: [Speed; 3] = [Speed::StepByStep, Speed::Fast, Speed::AtOnce];

    /// The name the Speed choice shows.
    pub fn label(self) -> &'static str {
        match self {
            Speed::StepByStep => "Step by step",
            Speed::Fast => "Fast",
            Speed::AtOnce => "At once",
        }
    }

    /// Steps taken on one tick: a budget that keeps each frame short, so
    /// the window never freezes.
    pub fn steps_per_tick(self) -> usize {
        match self {
            Speed::StepByStep => 1,
            Speed::Fast => 20,
            Speed::AtOnce => 2_000,
        }
    }

    /// Time between ticks.
    pub fn interval(self) -> Duration {
        match self {
            Speed::StepByStep => Duration::from_millis(250),
            Speed::Fast => Duration::from_millis(40),
            Speed::AtOnce => Duration::from_millis(16),
        }
    }

    fn word(self) -> &'static str {
        match self {
            Speed::StepByStep => "step-by-step",
            Speed::Fast => "fast",
            Speed::AtOnce => "at-once",
        }
    }
}

/// Every preference.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Prefs {
    /// "Evaluate immediately on application": a drop on an application
    /// cell evaluates the main cell at once.
    pub eval_now: bool,
    /// What the evaluator is told (depth limit, split arguments, colours
    /// as functions).
    pub settings: Settings,
    /// "Cutoff evaluation when smaller": pieces narrower than this many
    /// pixels are not divided when drawn.
    pub cutoff: u32,
    /// The most steps one evaluation takes.
    pub step_limit: usize,
    /// How fast the steps are shown.
    pub speed: Speed,
}

impl Default for Prefs {
    fn default() -> Prefs {
        Prefs {
            eval_now: true,
            settings: Settings::default(),
            cutoff: 8,
            step_limit: 1_000,
            speed: Speed::Fast,
        }
    }
}

fn yes_no(b: bool) -> &'static str {
    if b { "yes" } else { "no" }
}

impl Prefs {
    /// The preferences written in `text`.
    ///
    /// ```
    /// use gcalc::prefs::{Prefs, Speed};
    /// let p = Prefs::parse("depth off\nspeed at-once\nstep-limit 10000\nwhat is this\n");
    /// assert_eq!((p.settings.depth, p.speed, p.step_limit), (None, Speed::AtOnce, 10_000));
    /// assert_eq!(Prefs::parse(&p.to_text()), p);
    /// assert_eq!(Prefs::parse("step-limit 7\ncutoff 9"), Prefs::default());
    /// ```
    pub fn parse(text: &str) -> Prefs {
        let mut p = Prefs::default();
        for line in text.lines() {
            let Some((key, value)) = line.trim().split_once(' ') else {
                continue;
            };
            let value = value.trim();
            let flag = match value {
                "yes" => Some(true),
                "no" => Some(false),
                _ => None,
            };
            match key {
                "evaluate-on-application" => p.eval_now = flag.unwrap_or(p.eval_now),
                "split-args" => p.settings.split_args = flag.unwrap_or(p.settings.split_args),
                "colour-ops" => p.settings.colour_ops = flag.unwrap_or(p.settings.colour_ops),
                "depth" => {
                    let depth = if value == "off" {
                        Some(None)
                    } else {
                        value.parse().ok().map(Some)
                    };
                    if let Some(d) = depth.filter(|d| DEPTHS.contains(d)) {
                        p.settings.depth = d;
                    }
                }
                "cutoff" => {
                    if let Some(c) = value.parse().ok().filter(|c| CUTOFFS.contains(c)) {
                        p.cutoff = c;
                    }
                }
                "step-limit" => {
                    if let Some(s) = value.parse().ok().filter(|s| STEP_LIMITS.contains(s)) {
                        p.step_limit = s;
                    }
                }
                "speed" => {
                    if let Some(s) = Speed::ALL.into_iter().find(|s| s.word() == value) {
                        p.speed = s;
                    }
                }
                _ => {}
            }
        }
        p
    }

    /// The text form.
    pub fn to_text(&self) -> String {
        format!(
            "evaluate-on-application {}\ndepth {}\ncutoff {}\nsplit-args {}\ncolour-ops {}\nstep-limit {}\nspeed {}\n",
            yes_no(self.eval_now),
            self.settings
                .depth
                .map_or("off".to_string(), |d| d.to_string()),
            self.cutoff,
            yes_no(self.settings.split_args),
            yes_no(self.settings.colour_ops),
            self.step_limit,
            self.speed.word(),
        )
    }

    /// The preferences kept in `dir`, or the defaults.
    pub fn load(dir: Option<&Path>) -> Prefs {
        dir.and_then(|d| std::fs::read_to_string(d.join(FILE_NAME)).ok())
            .map_or_else(Prefs::default, |t| Prefs::parse(&t))
    }

    /// Keeps them in `dir` (quietly: a preference not kept is no error).
    pub fn store(&self, dir: Option<&Path>) {
        if let Some(d) = dir {
            let _ = std::fs::write(d.join(FILE_NAME), self.to_text());
        }
    }
}

/// How a depth limit is shown in the Depth limit choice.
pub fn depth_label(depth: Option<u32>) -> String {
    depth.map_or("Off".to_string(), |d| d.to_string())
}
