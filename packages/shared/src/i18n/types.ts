/** A language's texts for the keys of one Russian area module: every key, nothing else. */
export type Messages<T> = { readonly [K in keyof T]: string };
