import Foundation
import Testing

@testable import KnotServer

/// The local provider is pinned to spec §11 by vectors computed outside the code under
/// test: the FNV-1a hashes of `a` and `foobar` are the published FNV test vectors, the
/// hash of the pair `a foobar` was computed separately (Python), and the expected values
/// follow from the weights by hand.
@Suite struct LocalHashEmbeddingTests {
    /// fnv1a64("a") = 0xaf63dc4c8601ec8c → index 652, top bit 1 → −1.
    /// fnv1a64("foobar") = 0x85944171f73967e8 → index 744, top bit 1 → −1.
    /// fnv1a64("a foobar") = 0x46c593d3346fe859 → index 89, top bit 0 → +0.5.
    /// Norm √(1 + 1 + 0.25) = 1.5.
    @Test func tokensAndAdjacentPairHashToTheSpecifiedIndicesSignsAndWeights() throws {
        let vector = try #require(LocalHashEmbeddingProvider.vector(for: "A, FooBar!"))
        #expect(vector.count == 768)
        #expect(abs(vector[652] - Float(-2.0 / 3.0)) < 1e-6)
        #expect(abs(vector[744] - Float(-2.0 / 3.0)) < 1e-6)
        #expect(abs(vector[89] - Float(1.0 / 3.0)) < 1e-6)
        let others = vector.indices.filter { ![652, 744, 89].contains($0) }
        #expect(others.allSatisfy { vector[$0] == 0 })
    }

    @Test func publishedFNV1aTestVectorsMatch() {
        #expect(LocalHashEmbeddingProvider.fnv1a64("") == 0xcbf2_9ce4_8422_2325)
        #expect(LocalHashEmbeddingProvider.fnv1a64("a") == 0xaf63_dc4c_8601_ec8c)
        #expect(LocalHashEmbeddingProvider.fnv1a64("foobar") == 0x8594_4171_f739_67e8)
    }

    @Test func aSingleTokenIsAUnitVectorAtItsIndexWithItsSign() throws {
        // "pottery" → 0x516b55a9f91f70c2: index 194, top bit 0 → +1.
        let vector = try #require(LocalHashEmbeddingProvider.vector(for: "Pottery"))
        #expect(vector[194] == 1)
        #expect(vector.filter { $0 != 0 }.count == 1)
    }

    @Test func tokensSplitAtEveryScalarThatIsNeitherLetterNorDigitAfterLowercasing() {
        #expect(LocalHashEmbeddingProvider.tokenize("Café—2026🎉OK it's") == ["café", "2026", "ok", "it", "s"])
        #expect(LocalHashEmbeddingProvider.tokenize("  \n\t") == [])
    }

    // Spec §13 case 68.
    @Test func sameTextGivesIdenticalUnitVectorsOf768AndNoTokensGiveNone() async throws {
        let provider = LocalHashEmbeddingProvider()
        let first = try #require(await provider.embed("She wants a pottery class, maybe in spring"))
        let second = try #require(await provider.embed("She wants a pottery class, maybe in spring"))
        #expect(first == second)
        #expect(first.count == 768)
        let norm = first.reduce(0.0) { $0 + Double($1) * Double($1) }.squareRoot()
        #expect(abs(norm - 1) <= 1e-6)
        #expect(abs(EmbeddingVector.cosine(first, first) - 1) <= 1e-6)
        #expect(await provider.embed("") == nil)
        #expect(await provider.embed("!!!") == nil)
        #expect(provider.modelID == "local-hash-bow-v1")
    }

    @Test func storedBlobsAreLittleEndianFloat32AndRoundTrip() throws {
        let vector = try #require(LocalHashEmbeddingProvider.vector(for: "new running shoes"))
        let bytes = EmbeddingVector.encode(vector)
        #expect(bytes.count == 768 * 4)
        #expect(EmbeddingVector.decode(bytes) == vector)
        // 1.0 as float32 is 0x3f800000, written low byte first.
        #expect(EmbeddingVector.encode([1.0]) == [0x00, 0x00, 0x80, 0x3f])
        #expect(EmbeddingVector.decode(Array(bytes.dropLast())) == nil)
    }
}
