// SPDX-License-Identifier: Apache-2.0 OR MIT

//! The check that upstream's examples (Linux 7.2's `rust/pin-init/examples`) build and run
//! against our crate: it runs every example and names the one that fails.

mod common;
use common::*;
use std::fs;

#[test]
fn every_example_runs_and_a_failing_one_is_named() {
    let t = Temp::new("upstream-examples");
    let tree = t.0.join("linux");
    let examples = tree.join("rust/pin-init/examples");
    fs::create_dir_all(&examples).unwrap();
    fs::write(
        examples.join("fine.rs"),
        "use pin_init::*;\nfn main() {\n    stack_pin_init!(let x = 3u8);\n    assert_eq!(*x, 3);\n}\n",
    )
    .unwrap();
    let scratch = t.0.join("scratch");
    let names = xtask::checks::upstream_examples::run(&repo(), &tree, &scratch).unwrap();
    assert_eq!(names, ["fine"]);

    fs::write(
        examples.join("broken.rs"),
        "fn main() {\n    std::process::exit(3);\n}\n",
    )
    .unwrap();
    let err = xtask::checks::upstream_examples::run(&repo(), &tree, &scratch)
        .unwrap_err()
        .to_string();
    assert!(err.contains("upstream's example broken failed"), "{err}");

    fs::write(examples.join("broken.rs"), "fn main() { no_such_fn(); }\n").unwrap();
    let err = xtask::checks::upstream_examples::run(&repo(), &tree, &scratch)
        .unwrap_err()
        .to_string();
    assert!(err.contains("do not build against pin-init"), "{err}");
}
