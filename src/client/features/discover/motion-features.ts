// Motion's gesture and animation engine (drag included), loaded by the deck's LazyMotion after the first paint
// instead of shipping with Discover's first screen.
export { domMax as default } from "motion/react";
