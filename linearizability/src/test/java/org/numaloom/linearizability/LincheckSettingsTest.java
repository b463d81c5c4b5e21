package org.numaloom.linearizability;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The invocations per scenario that {@code -Dnumaloom.lincheck.invocations} sets. */
class LincheckSettingsTest {
    @Test
    void anUnsetOrBlankPropertyKeepsTheDefault() {
        assertEquals(1_000, LincheckSettings.invocations(null, 1_000));
        assertEquals(1_000, LincheckSettings.invocations(" ", 1_000));
    }

    @Test
    void aPositiveNumberReplacesTheDefault() {
        assertEquals(20_000, LincheckSettings.invocations("20000", 1_000));
    }

    @ParameterizedTest
    @ValueSource(strings = {"0", "-5", "many", "1e4"})
    void anythingElseIsAnErrorThatNamesTheProperty(String value) {
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
                () -> LincheckSettings.invocations(value, 1_000));
        assertEquals("numaloom.lincheck.invocations must be a positive integer, got '" + value + "'", error.getMessage());
    }
}
