// A field that neither borrows nor is borrowed may spell its type with a macro (the kernel's
// `ForLt!`): its type is pasted once, into an alias that declares only the struct's generics.
// What must still be rejected: a macro in the type of a field that borrows or is borrowed (the
// analysis reads those types), a field lifetime written among a macro's arguments (the user
// meant a borrow that `#[pin_data]` cannot see), and a macro that expands to a field lifetime
// (undeclared where the type is pasted).
use pin_init::*;

macro_rules! id {
    ($t:ty) => {
        $t
    };
}

macro_rules! hidden {
    () => {
        &'text str
    };
}

#[pin_data]
struct Dependent {
    words: id!(Vec<&'text str>),
    view: &'text str,
    text: String,
}

#[pin_data]
struct Owner {
    view: &'text str,
    text: id!(String),
}

#[pin_data]
struct InArguments {
    view: &'text str,
    other: id!(Option<&'text str>),
    text: String,
}

#[pin_data]
struct Expanded {
    view: &'text str,
    other: hidden!(),
    text: String,
}

fn main() {}

// Not self-referential as written: the lifetime among the macro's arguments is what makes it
// so, and `#[pin_data]` says that, not rustc's "introduce `'text` as a generic".
#[pin_data]
struct NotSeen {
    words: id!(Vec<&'text str>),
    text: String,
}
