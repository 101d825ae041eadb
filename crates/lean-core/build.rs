//! Tells the tests whether the shared evaluation data sits next to the repository
//! (`../shared/eval`), so the tests that read it are reported as ignored, with the reason,
//! instead of passing without checking anything.

fn main() {
    let manifest = std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR");
    let routing = std::path::Path::new(&manifest).join("../../../shared/eval/routing");
    println!("cargo::rustc-check-cfg=cfg(shared_eval)");
    println!("cargo::rerun-if-changed={}", routing.display());
    if routing.join("skills").is_dir() {
        println!("cargo::rustc-cfg=shared_eval");
    }
}
