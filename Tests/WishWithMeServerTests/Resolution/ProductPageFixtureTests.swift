import Testing
import WishWithMeServer

@Suite struct ProductPageFixtureTests {
    let parser = ProductPageParser()

    @Test func russianPageInWindows1251WithJSONLDGraphAndAggregateOffer() throws {
        let page = parser.parse(
            html: try Fixture.bytes("ozon-graph-product-cp1251.html"),
            pageURL: "https://www.ozon.ru/product/chaynik-elektricheskiy-xiaomi-mi-smart-kettle-2-123456789/?from=share"
        )
        #expect(page == ProductPage(
            title: "Чайник электрический Xiaomi Mi Smart Kettle 2, 1,7 л, белый",
            description: "Умный чайник с поддержанием температуры. Объём 1,7 л, мощность 1800 Вт. Управление через приложение \"Mi Home\".",
            price: 1299.9,
            currency: "RUB",
            imageURL: "https://ir.ozone.ru/s3/multimedia-1-x/wc1000/6900000001.jpg",
            canonicalURL: "https://www.ozon.ru/product/chaynik-elektricheskiy-xiaomi-mi-smart-kettle-2-123456789/",
            confidence: 0.95
        ))
    }

    @Test func russianUTF8PageWithoutCharsetAndTopLevelJSONLDArray() throws {
        let page = parser.parse(
            html: try Fixture.bytes("wildberries-array-utf8.html"),
            pageURL: "https://www.wildberries.ru/catalog/81234567/detail.aspx?targetUrl=GP"
        )
        #expect(page == ProductPage(
            title: "Кроссовки беговые Nike Air Zoom Pegasus 40",
            description: "Лёгкие беговые кроссовки для тренировок и повседневной носки. Амортизация Zoom Air.",
            price: 9490,
            currency: "RUB",
            imageURL: "https://basket-05.wbbasket.ru/vol812/part81234/81234567/images/big/1.webp",
            canonicalURL: "https://www.wildberries.ru/catalog/81234567/detail.aspx",
            confidence: 0.95
        ))
    }

    @Test func openGraphOnlyPageWithUSPrice() throws {
        let page = parser.parse(
            html: try Fixture.bytes("amazon-opengraph.html"),
            pageURL: "https://www.amazon.com/Apple-2024-MacBook-13-inch-Laptop/dp/B0CX23V2ZK/ref=sr_1_1?th=1"
        )
        #expect(page == ProductPage(
            title: "Apple 2024 MacBook Air 13-inch Laptop with M3 chip, 8GB, 256GB SSD, Midnight",
            description: "Apple 2024 MacBook Air 13-inch Laptop with M3 chip: 13.6-inch Liquid Retina Display, 8GB Unified Memory, 256GB SSD Storage, Backlit Keyboard, 1080p FaceTime HD Camera, Touch ID. Works with iPhone/iPad; Midnight",
            price: 1249.99,
            currency: "USD",
            imageURL: "https://m.media-amazon.com/images/I/71ItMeqpN3L._AC_SL1500_.jpg",
            canonicalURL: "https://www.amazon.com/dp/B0CX23V2ZK",
            confidence: 0.8
        ))
    }

    @Test func shopifyJSONLDWithOfferArrayAndRelativeLinksBeatsOpenGraph() throws {
        let page = parser.parse(
            html: try Fixture.bytes("shopify-offers-array.html"),
            pageURL: "https://northwind-apparel.com/products/relaxed-linen-shirt?variant=44012345678902"
        )
        #expect(page == ProductPage(
            title: "Relaxed Linen Shirt & Pocket Square Set",
            description: "Our best-selling shirt, cut from breathable European flax. Garment-washed for softness. It's the shirt you'll reach for all summer.",
            price: 68,
            currency: "USD",
            imageURL: "https://northwind-apparel.com/cdn/shop/files/linen-shirt-sand.jpg?v=1699999999&width=1920",
            canonicalURL: "https://northwind-apparel.com/products/relaxed-linen-shirt",
            confidence: 0.95
        ))
    }

    @Test func microdataOnlyPageIgnoresNestedBrandAndRelatedProducts() throws {
        let page = parser.parse(
            html: try Fixture.bytes("microdata-only.html"),
            pageURL: "https://www.werkzeug-profi.de/bosch-gsr-18v-55.html?utm_source=newsletter"
        )
        #expect(page == ProductPage(
            title: "Bosch Professional Akku-Bohrschrauber GSR 18V-55",
            description: "Kompakter bürstenloser Bohrschrauber mit 55 Nm Drehmoment. Lieferung ohne Akku & Ladegerät.",
            price: 1299.9,
            currency: "EUR",
            imageURL: "https://www.werkzeug-profi.de/media/catalog/product/cache/1/image/600x/b/o/bosch-gsr-18v-55.jpg",
            canonicalURL: "https://www.werkzeug-profi.de/bosch-gsr-18v-55.html",
            confidence: 0.95
        ))
    }

    @Test func twitterCardWithPriceLabelAndRelativeCanonical() throws {
        let page = parser.parse(
            html: try Fixture.bytes("twitter-card-only.html"),
            pageURL: "https://www.hartleyfinch.co.uk/accessories/cashmere-scarf-heather-grey?colour=grey"
        )
        #expect(page == ProductPage(
            title: "Cashmere Scarf — Heather Grey",
            description: "Pure Scottish cashmere, 180 × 30 cm. Gift-wrapped free of charge.",
            price: 49,
            currency: "GBP",
            imageURL: "https://cdn.hartleyfinch.co.uk/img/scarf-heather-grey-1200.jpg",
            canonicalURL: "https://www.hartleyfinch.co.uk/accessories/cashmere-scarf-heather-grey",
            confidence: 0.7
        ))
    }

    @Test func articleIsNotAProductAndPricesInItsTextAreIgnored() throws {
        let page = parser.parse(
            html: try Fixture.bytes("news-article.html"),
            pageURL: "https://www.kitchenreview.example.com/reviews/best-electric-kettles?utm_campaign=x"
        )
        #expect(page == ProductPage(
            title: "The 8 Best Electric Kettles of 2024, Tested and Reviewed",
            description: "We boiled 400 litres of water to find the best electric kettles.",
            price: nil,
            currency: nil,
            imageURL: "https://images.kitchenreview.example.com/2024/03/kettles-hero.jpg?w=1200",
            canonicalURL: "https://www.kitchenreview.example.com/reviews/best-electric-kettles",
            confidence: 0.5
        ))
    }

    @Test func foreignCanonicalLinksScriptAndDataImagesAndNegativePricesAreDropped() throws {
        let page = parser.parse(
            html: try Fixture.bytes("malicious-links.html"),
            pageURL: "https://www.myshop.co.uk/p/42-ceramic-mug"
        )
        #expect(page == ProductPage(
            title: "Ceramic Mug, Speckled Oat",
            description: nil,
            price: 12.5,
            currency: "GBP",
            imageURL: "https://www.myshop.co.uk/img/mug-42-oat.jpg",
            canonicalURL: "https://www.myshop.co.uk/p/42-ceramic-mug",
            confidence: 0.8
        ))
    }
}
