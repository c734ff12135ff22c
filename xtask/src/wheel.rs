//! `cargo xtask wheel DIR`: the Python package (crates/python) built by maturin into a wheel in
//! DIR, one abi3 wheel for every CPython from 3.9 on this platform.

use std::path::Path;
use std::process::Command;

pub fn build(dir: &Path) -> Result<(), String> {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR")).join("../crates/python/Cargo.toml");
    let mut maturin = Command::new("maturin");
    maturin
        .args(["build", "--release", "--manifest-path"])
        .arg(manifest)
        .arg("--out")
        .arg(dir);
    let status = maturin.status().map_err(|e| match e.kind() {
        std::io::ErrorKind::NotFound => {
            "maturin is not installed: pip install maturin (1.9 or later), then run this again"
                .to_string()
        }
        _ => format!("cannot run maturin: {e}"),
    })?;
    match status.success() {
        true => Ok(()),
        false => Err(format!("{maturin:?} failed ({status})")),
    }
}
