package org.numaloom.perf.config;

/**
 * A benchmark config that cannot be run: malformed JSON, an unknown field, a value of the wrong
 * type or out of range, an unknown lock, an impossible thread count. The message names the file,
 * the field (as a path such as {@code benches[1].payload.threads[2]}), what is wrong and what is
 * expected, so that it can be fixed without reading the code.
 */
public final class ConfigException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    ConfigException(String source, String field, String problem) {
        super(source + ": " + (field.isEmpty() ? "" : field + ": ") + problem);
    }

    ConfigException(String source, String field, String problem, Throwable cause) {
        this(source, field, problem);
        initCause(cause);
    }
}
