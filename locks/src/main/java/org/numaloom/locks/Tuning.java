package org.numaloom.locks;

import java.util.function.UnaryOperator;

/**
 * The kit's tuning properties ({@code -Dnumaloom.handOffBound=16} and the like), each read once,
 * when the lock class that uses it is initialized, as the default of the locks built without their
 * own value.
 *
 * <p>A value that is not a whole number in range is refused with the property, the value and what
 * it should be, rather than ignored: {@link Integer#getInteger} falls back to the default without a
 * word on {@code 1k}, and a negative spin passed through would fail every construction with a
 * message about a constructor parameter the user never named.
 */
final class Tuning {
    private Tuning() {
    }

    /** A duration in nanoseconds, 0 or more, from the system property {@code name}, else {@code defaultValue}. */
    static long nanos(String name, long defaultValue) {
        return nanos(System::getProperty, name, defaultValue);
    }

    /** A count, {@code least} or more, from the system property {@code name}, else {@code defaultValue}. */
    static int count(String name, int least, int defaultValue) {
        return count(System::getProperty, name, least, defaultValue);
    }

    static long nanos(UnaryOperator<String> properties, String name, long defaultValue) {
        return parse(properties, name, 0, Long.MAX_VALUE, defaultValue, "a whole number of nanoseconds, 0 or more");
    }

    static int count(UnaryOperator<String> properties, String name, int least, int defaultValue) {
        return (int) parse(properties, name, least, Integer.MAX_VALUE, defaultValue,
                "a whole number, " + least + " or more");
    }

    private static long parse(UnaryOperator<String> properties, String name, long least, long most,
                              long defaultValue, String expected) {
        String text = properties.apply(name);
        if (text == null) {
            return defaultValue;
        }
        long value;
        try {
            value = Long.parseLong(text.strip());
        } catch (NumberFormatException e) {
            throw refused(name, text, expected, defaultValue);
        }
        if (value < least || value > most) {
            throw refused(name, text, expected, defaultValue);
        }
        return value;
    }

    private static IllegalArgumentException refused(String name, String text, String expected, long defaultValue) {
        return new IllegalArgumentException("-D" + name + "=" + text + " is not " + expected
                + "; give such a value, or leave the property out for the default, " + defaultValue);
    }
}
