package dev.warren.internal.servlet;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class CrossSiteTest {

  private static final String JSON = "application/json";

  @Test
  void aJsonRequestWithoutBrowserHeadersIsAllowed() {
    assertThat(CrossSite.refusal(JSON, null, null, "http", "ops.example:8080")).isNull();
    assertThat(CrossSite.refusal("Application/JSON; charset=UTF-8", null, null, "http", "h"))
        .isNull();
  }

  @Test
  void aFormOrPlainTextOrNoContentTypeIsRefused() {
    assertThat(
            CrossSite.refusal(
                "application/x-www-form-urlencoded", null, null, "http", "ops.example"))
        .contains("'application/x-www-form-urlencoded'", "not application/json");
    assertThat(CrossSite.refusal("multipart/form-data; boundary=x", null, null, "http", "h"))
        .isNotNull();
    assertThat(CrossSite.refusal("text/plain", null, null, "http", "h")).isNotNull();
    assertThat(CrossSite.refusal(null, null, null, "http", "h")).contains("missing");
  }

  @Test
  void theSameOriginIsAllowedWhateverTheDefaultPortAndCase() {
    assertThat(CrossSite.refusal(JSON, "same-origin", "http://Ops.Example", "http", "ops.example"))
        .isNull();
    assertThat(CrossSite.refusal(JSON, null, "https://ops.example", "https", "ops.example:443"))
        .isNull();
    assertThat(CrossSite.refusal(JSON, "none", "http://127.0.0.1:8080", "http", "127.0.0.1:8080"))
        .isNull();
  }

  @Test
  void anotherOriginIsRefusedEvenWithJson() {
    assertThat(CrossSite.refusal(JSON, null, "http://evil.example", "http", "ops.example"))
        .contains("'http://evil.example'", "'http://ops.example'");
    assertThat(CrossSite.refusal(JSON, null, "http://ops.example:8081", "http", "ops.example:8080"))
        .isNotNull();
    assertThat(CrossSite.refusal(JSON, null, "https://ops.example", "http", "ops.example"))
        .isNotNull();
    assertThat(CrossSite.refusal(JSON, null, "null", "http", "ops.example")).isNotNull();
  }

  @Test
  void theBrowserSayingCrossSiteOrSameSiteIsRefused() {
    assertThat(CrossSite.refusal(JSON, "cross-site", null, "http", "h"))
        .contains("Sec-Fetch-Site: cross-site");
    assertThat(CrossSite.refusal(JSON, "same-site", "http://h", "http", "h"))
        .contains("Sec-Fetch-Site: same-site");
  }
}
