package dev.warren.internal.model;

import static org.assertj.core.api.Assertions.assertThat;

import dev.warren.Delivery;
import dev.warren.Outcome;
import dev.warren.internal.model.HandlerShape.ReturnKind;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.junit.jupiter.api.Test;

/** SPEC sections 1 and 6: the parameter lists and return types a consumer method may have. */
class HandlerShapeTest {

  private static final String CONSUMER = "orders";
  private static final String WHERE = "com.acme.Orders#onOrder";

  record MyRecord(String id) {}

  @SuppressWarnings("unused")
  static class Shapes {
    public Outcome outcomeOfString(String body) {
      return Outcome.ack();
    }

    public void voidOfBytesAndDelivery(byte[] body, Delivery delivery) {}

    public CompletionStage<Outcome> stageOfDeliveryAndRecord(Delivery delivery, MyRecord body) {
      return null;
    }

    public CompletableFuture<Outcome> futureOfRecord(MyRecord body) {
      return null;
    }

    public CompletionStage<? extends Outcome> stageOfWildcard(String body) {
      return null;
    }

    public Outcome noPayload() {
      return Outcome.ack();
    }

    public Outcome onlyDelivery(Delivery delivery) {
      return Outcome.ack();
    }

    public Outcome twoDeliveries(Delivery first, Delivery second) {
      return Outcome.ack();
    }

    public Outcome payloadAndTwoDeliveries(String body, Delivery first, Delivery second) {
      return Outcome.ack();
    }

    public Outcome twoPayloads(String body, MyRecord other, Delivery delivery) {
      return Outcome.ack();
    }

    public String returnsString(String body) {
      return body;
    }

    public CompletionStage<String> returnsStageOfString(String body) {
      return null;
    }

    @SuppressWarnings("rawtypes")
    public CompletionStage returnsRawStage(String body) {
      return null;
    }

    Outcome packagePrivate(String body) {
      return Outcome.ack();
    }

    private Outcome privateMethod(String body) {
      return Outcome.ack();
    }

    public static Outcome staticMethod(String body) {
      return Outcome.ack();
    }

    private static Void everythingWrong() {
      return null;
    }

    public CompletionStage<Void> returnsStageOfVoid(String body) {
      return null;
    }

    public Void returnsVoidObject(String body) {
      return null;
    }

    public MyRecord returnsRecord(MyRecord request, Delivery delivery) {
      return request;
    }

    public List<Outcome> returnsOutcomes(String body) {
      return List.of();
    }

    public Outcome takesDeliveries(String body, List<Delivery> deliveries) {
      return Outcome.ack();
    }

    // ---- batch shapes ----

    public Outcome batchOfRecords(List<MyRecord> records) {
      return Outcome.ack();
    }

    public List<Outcome> batchWithDeliveries(List<Delivery> deliveries, List<String> bodies) {
      return List.of();
    }

    public CompletionStage<List<Outcome>> batchStageOfOutcomes(List<byte[]> bodies) {
      return null;
    }

    public void batchVoid(List<String> bodies) {}

    public Outcome batchOfOneString(String body) {
      return Outcome.ack();
    }

    @SuppressWarnings("rawtypes")
    public Outcome batchOfRawList(List bodies) {
      return Outcome.ack();
    }

    public Outcome batchOfWildcards(List<?> bodies) {
      return Outcome.ack();
    }

    public Outcome batchWithOneDelivery(List<String> bodies, Delivery delivery) {
      return Outcome.ack();
    }

    public String batchResponder(List<String> bodies) {
      return "";
    }

    public Outcome batchOfOnlyDeliveries(List<Delivery> first, List<Delivery> second) {
      return Outcome.ack();
    }
  }

  private final List<String> problems = new ArrayList<>();

  private HandlerShape shapeOf(String methodName) {
    return HandlerShape.of(method(methodName), CONSUMER, WHERE, problems::add);
  }

  private HandlerShape batchShapeOf(String methodName) {
    return HandlerShape.of(method(methodName), CONSUMER, WHERE, 50, problems::add);
  }

  private static Method method(String methodName) {
    return Arrays.stream(Shapes.class.getDeclaredMethods())
        .filter(m -> m.getName().equals(methodName))
        .findFirst()
        .orElseThrow();
  }

  private void assertOneProblem(String id) {
    assertThat(problems)
        .singleElement()
        .asString()
        .startsWith(id + " ")
        .contains("'" + CONSUMER + "'")
        .contains(WHERE);
  }

  // ---- accepted shapes ----

  @Test
  void outcomeOfStringReturnsAnOutcome() {
    HandlerShape shape = shapeOf("outcomeOfString");

    assertThat(problems).isEmpty();
    assertThat(shape.returnKind()).isEqualTo(ReturnKind.OUTCOME);
    assertThat(shape.payloadIndex()).isZero();
    assertThat(shape.payloadType()).isEqualTo(String.class);
    assertThat(shape.deliveryIndex()).isEqualTo(-1);
    assertThat(shape.parameterCount()).isEqualTo(1);
  }

  @Test
  void voidOfBytesAndDeliveryAcksOnNormalReturn() {
    HandlerShape shape = shapeOf("voidOfBytesAndDelivery");

    assertThat(problems).isEmpty();
    assertThat(shape.returnKind()).isEqualTo(ReturnKind.VOID);
    assertThat(shape.payloadIndex()).isZero();
    assertThat(shape.payloadType()).isEqualTo(byte[].class);
    assertThat(shape.deliveryIndex()).isEqualTo(1);
  }

  @Test
  void deliveryMayComeBeforeTheRecordPayloadOfAStage() {
    HandlerShape shape = shapeOf("stageOfDeliveryAndRecord");

    assertThat(problems).isEmpty();
    assertThat(shape.returnKind()).isEqualTo(ReturnKind.STAGE);
    assertThat(shape.payloadIndex()).isEqualTo(1);
    assertThat(shape.payloadType()).isEqualTo(MyRecord.class);
    assertThat(shape.deliveryIndex()).isZero();
  }

  @Test
  void completableFutureOfOutcomeIsAStage() {
    HandlerShape shape = shapeOf("futureOfRecord");

    assertThat(problems).isEmpty();
    assertThat(shape.returnKind()).isEqualTo(ReturnKind.STAGE);
    assertThat(shape.payloadType()).isEqualTo(MyRecord.class);
  }

  @Test
  void stageOfWildcardExtendingOutcomeIsAStage() {
    assertThat(shapeOf("stageOfWildcard").returnKind()).isEqualTo(ReturnKind.STAGE);
    assertThat(problems).isEmpty();
  }

  // ---- problems ----

  @Test
  void noParameterIsNoPayload() {
    assertThat(shapeOf("noPayload")).isNull();
    assertOneProblem("WARREN-010");
  }

  @Test
  void onlyADeliveryIsNoPayload() {
    assertThat(shapeOf("onlyDelivery")).isNull();
    assertOneProblem("WARREN-010");
  }

  @Test
  void aSecondDeliveryIsNotAPayload() {
    // decoding a body into dev.warren.Delivery always fails, so every message would be dropped
    assertThat(shapeOf("twoDeliveries")).isNull();
    assertOneProblem("WARREN-010");
  }

  @Test
  void aSecondDeliveryBesideAPayloadIsOneTooMany() {
    assertThat(shapeOf("payloadAndTwoDeliveries")).isNull();
    assertOneProblem("WARREN-011");
    assertThat(problems.get(0)).contains("dev.warren.Delivery");
  }

  @Test
  void twoPayloadsAreOneProblemNamingBoth() {
    assertThat(shapeOf("twoPayloads")).isNull();
    assertOneProblem("WARREN-011");
    assertThat(problems.get(0)).contains("java.lang.String").contains("MyRecord");
  }

  @Test
  void returningStringMakesAResponder() {
    HandlerShape shape = shapeOf("returnsString");

    assertThat(problems).isEmpty();
    assertThat(shape.returnKind()).isEqualTo(ReturnKind.REPLY);
    assertThat(shape.responder()).isTrue();
    assertThat(shape.replyType()).isEqualTo(String.class);
  }

  @Test
  void returningStageOfStringMakesAnAsyncResponder() {
    HandlerShape shape = shapeOf("returnsStageOfString");

    assertThat(problems).isEmpty();
    assertThat(shape.returnKind()).isEqualTo(ReturnKind.REPLY_STAGE);
    assertThat(shape.responder()).isTrue();
    assertThat(shape.replyType()).isEqualTo(String.class);
  }

  @Test
  void returningARecordWithADeliveryMakesAResponder() {
    HandlerShape shape = shapeOf("returnsRecord");

    assertThat(problems).isEmpty();
    assertThat(shape.returnKind()).isEqualTo(ReturnKind.REPLY);
    assertThat(shape.replyType()).isEqualTo(MyRecord.class);
    assertThat(shape.deliveryIndex()).isEqualTo(1);
  }

  @Test
  void anOutcomeIsNoReply() {
    assertThat(shapeOf("outcomeOfString").responder()).isFalse();
    assertThat(shapeOf("futureOfRecord").responder()).isFalse();
    assertThat(shapeOf("voidOfBytesAndDelivery").responder()).isFalse();
  }

  @Test
  void returningRawStageIsUnsupported() {
    assertThat(shapeOf("returnsRawStage")).isNull();
    assertOneProblem("WARREN-012");
  }

  @Test
  void returningAStageOfVoidIsUnsupported() {
    // nothing to reply with, and not an outcome either
    assertThat(shapeOf("returnsStageOfVoid")).isNull();
    assertOneProblem("WARREN-012");
    assertThat(problems.get(0)).contains("CompletionStage<java.lang.Void>", "responder");
  }

  @Test
  void returningVoidObjectIsUnsupported() {
    assertThat(shapeOf("returnsVoidObject")).isNull();
    assertOneProblem("WARREN-012");
  }

  @Test
  void outcomesListOnlyForBatches() {
    assertThat(shapeOf("returnsOutcomes")).isNull();
    assertOneProblem("WARREN-073");
    assertThat(problems.get(0)).contains("java.util.List<dev.warren.Outcome>");
  }

  @Test
  void deliveriesListOnlyForBatches() {
    assertThat(shapeOf("takesDeliveries")).isNull();
    assertOneProblem("WARREN-073");
    assertThat(problems.get(0)).contains("java.util.List<dev.warren.Delivery>");
  }

  // ---- batch consumers (batchSize above 1) ----

  @Test
  void aBatchTakesAListAndDecodesItsElementType() {
    HandlerShape shape = batchShapeOf("batchOfRecords");

    assertThat(problems).isEmpty();
    assertThat(shape.batch()).isTrue();
    assertThat(shape.payloadIndex()).isZero();
    assertThat(shape.payloadType()).isEqualTo(MyRecord.class);
    assertThat(shape.deliveryIndex()).isEqualTo(-1);
    assertThat(shape.returnKind()).isEqualTo(ReturnKind.OUTCOME);
  }

  @Test
  void aBatchMayTakeItsDeliveriesAndReturnOneOutcomeEach() {
    HandlerShape shape = batchShapeOf("batchWithDeliveries");

    assertThat(problems).isEmpty();
    assertThat(shape.deliveryIndex()).isZero();
    assertThat(shape.payloadIndex()).isEqualTo(1);
    assertThat(shape.payloadType()).isEqualTo(String.class);
    assertThat(shape.returnKind()).isEqualTo(ReturnKind.OUTCOMES);
  }

  @Test
  void aBatchMayReturnAStageOfOutcomesOrNothing() {
    assertThat(batchShapeOf("batchStageOfOutcomes").returnKind())
        .isEqualTo(ReturnKind.OUTCOMES_STAGE);
    assertThat(batchShapeOf("batchStageOfOutcomes").payloadType()).isEqualTo(byte[].class);
    assertThat(batchShapeOf("batchVoid").returnKind()).isEqualTo(ReturnKind.VOID);
    assertThat(problems).isEmpty();
  }

  @Test
  void aBatchParameterMustBeAListOfAType() {
    assertThat(batchShapeOf("batchOfOneString")).isNull();
    assertOneProblem("WARREN-070");
    assertThat(problems.get(0)).contains("batchSize=50", "'java.lang.String'");
    problems.clear();

    assertThat(batchShapeOf("batchOfRawList")).isNull();
    assertOneProblem("WARREN-070");
    problems.clear();

    assertThat(batchShapeOf("batchOfWildcards")).isNull();
    assertOneProblem("WARREN-070");
  }

  @Test
  void aBatchTakesNoSingleDelivery() {
    assertThat(batchShapeOf("batchWithOneDelivery")).isNull();
    assertOneProblem("WARREN-074");
  }

  @Test
  void aBatchCannotBeAResponder() {
    assertThat(batchShapeOf("batchResponder")).isNull();
    assertOneProblem("WARREN-072");
    assertThat(problems.get(0)).contains("'java.lang.String'");
  }

  @Test
  void aSecondListOfDeliveriesIsNoPayload() {
    assertThat(batchShapeOf("batchOfOnlyDeliveries")).isNull();
    assertOneProblem("WARREN-010");
  }

  @Test
  void aBatchOfOneIsNoBatch() {
    HandlerShape shape =
        HandlerShape.of(method("outcomeOfString"), CONSUMER, WHERE, 1, problems::add);

    assertThat(problems).isEmpty();
    assertThat(shape.batch()).isFalse();
  }

  @Test
  void packagePrivateMethodIsNotInvocable() {
    assertThat(shapeOf("packagePrivate")).isNull();
    assertOneProblem("WARREN-014");
    assertThat(problems.get(0)).contains("not public");
  }

  @Test
  void privateMethodIsNotInvocable() {
    assertThat(shapeOf("privateMethod")).isNull();
    assertOneProblem("WARREN-014");
  }

  @Test
  void staticMethodIsNotInvocable() {
    assertThat(shapeOf("staticMethod")).isNull();
    assertOneProblem("WARREN-014");
    assertThat(problems.get(0)).contains("is static");
  }

  @Test
  void everyProblemOfOneMethodIsReported() {
    assertThat(shapeOf("everythingWrong")).isNull();

    assertThat(problems)
        .extracting(p -> p.substring(0, "WARREN-NNN".length()))
        .containsExactlyInAnyOrder("WARREN-014", "WARREN-014", "WARREN-010", "WARREN-012");
    assertThat(problems).allSatisfy(p -> assertThat(p).contains("'" + CONSUMER + "'", WHERE));
  }
}
