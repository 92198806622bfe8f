// DESIGN.md, The outlives chain: a field may only borrow fields that drop later (declared after it), and never
// itself. The macro names the fields and says what to write.
use pin_init::*;

#[pin_data]
struct Wrong {
    owner: String,
    borrow: &'owner String,
    me: Option<&'me u8>,
}

fn main() {}
