// Email templates of provider conversations (001 §3 Email template). Written by the email work of issue #6.
export {};
