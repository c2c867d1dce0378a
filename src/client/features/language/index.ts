// The language feature's public entry: the picker the sign-in screen and Settings show.
export { LanguagePicker } from "./language-picker";
