import Testing
import WishWithMeServer

/// Small pages for the shapes of JSON-LD and microdata the fixtures do not cover.
@Suite struct StructuredDataTests {
    let parser = ProductPageParser()

    func parse(_ html: String) -> ProductPage {
        parser.parse(html: Array(html.utf8), pageURL: "https://shop.example.com/p/1")
    }

    func jsonLD(_ blocks: String...) -> String {
        blocks.map { "<script type=\"application/ld+json\">\($0)</script>" }.joined()
    }

    @Test func productAsMainEntityWithURLTypeAndPriceSpecification() {
        let page = parse(jsonLD(#"""
            {"@context": "https://schema.org", "@type": "WebPage", "name": "Page",
             "mainEntity": {"@type": "http://schema.org/Product", "name": "Lamp",
               "offers": {"@type": "Offer", "priceSpecification": {"@type": "UnitPriceSpecification", "price": 45.5, "priceCurrency": "eur"}}}}
            """#))
        #expect(page == ProductPage(title: "Lamp", price: 45.5, currency: "EUR", confidence: 0.9))
    }

    @Test func productGroupTakesItsFirstVariantsPrice() {
        let page = parse(jsonLD(#"""
            {"@type": "ProductGroup", "name": "T-shirt", "hasVariant": [
              {"@type": "Product", "name": "T-shirt S", "offers": {"price": "19.00", "priceCurrency": "USD"}},
              {"@type": "Product", "name": "T-shirt M", "offers": {"price": "21.00", "priceCurrency": "USD"}}]}
            """#))
        #expect(page == ProductPage(title: "T-shirt", price: 19, currency: "USD", confidence: 0.9))
    }

    @Test func brokenBlocksAreSkippedAndLaterBlocksRead() {
        let page = parse(jsonLD(
            "{'@type': 'Product', 'name': 'Wrong'}",
            #"{"@type": "Product", "name": "Right", "offers": {"price": "₽1 299"}}"#
        ))
        #expect(page == ProductPage(title: "Right", price: 1299, currency: "RUB", confidence: 0.9))
    }

    @Test func theBlocksOwnProductComesBeforeProductsItMentions() {
        let page = parse(jsonLD(#"""
            {"@type": "Product", "isRelatedTo": {"@type": "Product", "name": "Related", "offers": {"price": 1}},
             "name": {"@value": "Main", "@language": "en"}, "offers": [{"price": "n/a"}, {"lowPrice": "2,50", "priceCurrency": "GBP"}],
             "image": {"@type": "ImageObject", "contentUrl": "/main.jpg"}}
            """#))
        #expect(page == ProductPage(
            title: "Main", price: 2.5, currency: "GBP", imageURL: "https://shop.example.com/main.jpg", confidence: 0.95
        ))
    }

    @Test func aNamelessProductLeavesTheTitleToOpenGraphAndTheScoreToTheWhole() {
        let page = parse(
            "<meta property=\"og:title\" content=\"From OG\">"
                + jsonLD(#"{"@type": ["Thing", "Product"], "offers": {"price": 10, "priceCurrency": "USD"}}"#)
        )
        #expect(page == ProductPage(title: "From OG", price: 10, currency: "USD", confidence: 0.6))
    }

    @Test func priceWithoutCurrencyBorrowsTheFirstCurrencyNamedElsewhere() {
        let page = parse(
            "<meta property=\"product:price:currency\" content=\"KZT\">"
                + jsonLD(#"{"@type": "Product", "name": "Tea", "offers": {"price": 4500}}"#)
        )
        #expect(page == ProductPage(title: "Tea", price: 4500, currency: "KZT", confidence: 0.9))
    }

    @Test func microdataPriceFromTextAndProductLevelProperties() {
        let page = parse("""
            <div itemscope itemtype="http://schema.org/Product">
              <span itemprop="name">Hammer</span>
              <span itemprop="price">1.299,90 €</span>
              <a itemprop="image" href="/h.jpg">photo</a>
            </div>
            """)
        #expect(page == ProductPage(
            title: "Hammer", price: 1299.9, currency: "EUR", imageURL: "https://shop.example.com/h.jpg", confidence: 0.95
        ))
    }

    @Test func microdataAggregateOfferNestedOffersAndTextCurrency() {
        let page = parse("""
            <div itemscope itemtype="https://schema.org/Product"><h1 itemprop="name">Saw</h1>
              <div itemprop="offers" itemscope itemtype="https://schema.org/AggregateOffer">
                <span itemprop="priceCurrency">rub</span>
                <div itemprop="offers" itemscope itemtype="https://schema.org/Offer"><data itemprop="price" value="2490">2 490</data></div>
              </div>
            </div>
            """)
        #expect(page == ProductPage(title: "Saw", price: 2490, currency: "RUB", confidence: 0.9))
    }

    @Test func aNamelessMicrodataProductGivesWayToANamedOne() {
        let page = parse("""
            <div itemscope itemtype="https://schema.org/Product"><meta itemprop="price" content="1"></div>
            <div itemscope itemtype="https://schema.org/Product"><span itemprop="name">Drill</span>
              <meta itemprop="price" content="89.00"><meta itemprop="priceCurrency" content="EUR"></div>
            """)
        #expect(page == ProductPage(title: "Drill", price: 89, currency: "EUR", confidence: 0.9))
    }

    @Test func openGraphTypeProductRaisesAMetaOnlyScore() {
        let bare = parse("<meta property=\"og:title\" content=\"Kettle\"><meta property=\"og:image\" content=\"/k.jpg\">")
        let declared = parse(
            "<meta property=\"og:type\" content=\"product.item\"><meta property=\"og:title\" content=\"Kettle\"><meta property=\"og:image\" content=\"/k.jpg\">"
        )
        #expect(bare.confidence == 0.5)
        #expect(declared.confidence == 0.6)
    }
}
