mod app_icon;
mod epi_integration;
mod event_loop_context;
pub mod run;

#[cfg(target_os = "macos")]
pub(crate) mod macos;

/// File storage which can be used by native backends.
#[cfg(feature = "persistence")]
pub mod file_storage;

pub(crate) mod winit_integration;

// PLT Games: window facts kept between passes.
pub(crate) mod window_facts;

#[cfg(feature = "glow")]
mod glow_integration;

#[cfg(feature = "glow")]
mod damage_paint;
mod soft_paint;

#[cfg(feature = "glow")]
pub(crate) mod settle;

#[cfg(feature = "wgpu_no_default_features")]
mod wgpu_integration;
