package dev.platform.client;

/**
 * One parameter or body field at fault in a problem ({@code errors[]}).
 *
 * @param field dotted path of the field ({@code lines.0.quantity}); empty for the body as a whole
 * @param message what is wrong with it
 */
public record FieldError(String field, String message) {}
